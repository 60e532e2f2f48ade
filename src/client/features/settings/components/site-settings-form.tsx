import { type FormEvent, useEffect, useState } from "react";
import { SiteSettingsBodySchema } from "../../../../common/schemas/site-settings";
import {
  type AuthorSiteSettings,
  PINTEREST_OFF,
  type SiteSettingKey,
} from "../../../../common/site-settings";
import { Field } from "../../../components/ui/field";
import { FormStatus } from "../../../components/ui/form-status";
import { ApiError } from "../../../lib/api";
import { useSaveSiteSettings, useSiteSettings } from "../api/site-settings";
import "../settings.css";
import { SETTING_GROUPS, SETTINGS_TEXT } from "./settings-fields";
import { SettingsHistory } from "./settings-history";
import { TestContactButton } from "./test-contact-button";

type Values = Record<SiteSettingKey, string>;
type Errors = Partial<Record<SiteSettingKey, string>>;

/** /admin Settings: the site's words, colours, her pin board and the contact recipients. */
export default function SiteSettingsForm() {
  const settings = useSiteSettings();
  const save = useSaveSiteSettings();
  const [values, setValues] = useState<Values | null>(null);
  const [pinsOff, setPinsOff] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    const off = settings.data.pinterestBoard === PINTEREST_OFF;
    setPinsOff(off);
    setValues({ ...settings.data, pinterestBoard: off ? "" : settings.data.pinterestBoard });
  }, [settings.data]);

  if (!values) return settings.isError ? <FormStatus kind="error">{SETTINGS_TEXT.failed}</FormStatus> : null;
  const saved = settings.data as AuthorSiteSettings;
  const dirty = (Object.keys(values) as SiteSettingKey[]).some(
    (key) => key !== "pinterestBoard" && values[key] !== saved[key],
  );

  const set = (key: SiteSettingKey) => (event: { target: { value: string } }) =>
    setValues((v) => (v ? { ...v, [key]: event.target.value } : v));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setStatus(null);
    // Only what changed: a default that follows another setting (the hero heading follows the site
    // name) stays a default, and the other author's changes meanwhile are kept.
    const wanted: Values = { ...values, pinterestBoard: pinsOff ? PINTEREST_OFF : values.pinterestBoard };
    const body = Object.fromEntries(
      (Object.keys(wanted) as SiteSettingKey[])
        .filter((key) => wanted[key] !== saved[key])
        .map((key) => [key, wanted[key]]),
    );
    const parsed = SiteSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as SiteSettingKey] ??= issue.message;
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`setting-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setStatus({ kind: "success", text: SETTINGS_TEXT.saved }),
      onError: (error) =>
        setStatus({ kind: "error", text: error instanceof ApiError ? error.message : SETTINGS_TEXT.failed }),
    });
  };

  return (
    <section className="site-settings" aria-labelledby="site-settings-heading">
      <h2 id="site-settings-heading">{SETTINGS_TEXT.heading}</h2>
      <p>{SETTINGS_TEXT.intro}</p>
      <form onSubmit={handleSubmit} noValidate>
        {SETTING_GROUPS.map((group) => (
          <fieldset key={group.legend}>
            <legend>{group.legend}</legend>
            {group.fields.map((field) =>
              field.multiline ? (
                <Field
                  key={field.key}
                  multiline
                  rows={3}
                  id={`setting-${field.key}`}
                  label={field.label}
                  hint={field.hint}
                  error={errors[field.key]}
                  value={values[field.key]}
                  onChange={set(field.key)}
                />
              ) : (
                <Field
                  key={field.key}
                  id={`setting-${field.key}`}
                  label={field.label}
                  hint={field.hint}
                  error={errors[field.key]}
                  value={values[field.key]}
                  onChange={set(field.key)}
                />
              ),
            )}
          </fieldset>
        ))}
        <fieldset>
          <legend>Her sidebar</legend>
          <Field
            id="setting-pinterestBoard"
            type="url"
            label={SETTINGS_TEXT.pinsLabel}
            hint={SETTINGS_TEXT.pinsHint}
            error={errors.pinterestBoard}
            value={values.pinterestBoard}
            disabled={pinsOff}
            onChange={set("pinterestBoard")}
          />
          <label className="checkbox">
            <input type="checkbox" checked={pinsOff} onChange={(e) => setPinsOff(e.target.checked)} />{" "}
            {SETTINGS_TEXT.pinsOff}
          </label>
        </fieldset>
        <fieldset>
          <legend>Contact</legend>
          <Field
            id="setting-contactRecipients"
            label={SETTINGS_TEXT.recipientsLabel}
            hint={SETTINGS_TEXT.recipientsHint}
            error={errors.contactRecipients}
            value={values.contactRecipients}
            onChange={set("contactRecipients")}
          />
          <TestContactButton unsaved={dirty} />
        </fieldset>
        {status ? <FormStatus kind={status.kind}>{status.text}</FormStatus> : null}
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? SETTINGS_TEXT.busy : SETTINGS_TEXT.save}
        </button>
      </form>
      <SettingsHistory />
    </section>
  );
}
