import { type FormEvent, useId } from "react";
import { useNavigate } from "react-router";
import { SEARCH_QUERY_MAX_LENGTH } from "../../../../common/limits";
import { paths } from "../../../../common/routes";
import { normaliseSearchText } from "../../../../common/rules/search-text";
import "../search.css";

/**
 * A real GET form to /search with a labelled `q`: without JavaScript the browser submits it and the
 * server renders the results; with it, the app navigates without reloading.
 */
export function SearchForm({
  variant,
  defaultValue = "",
  label,
}: {
  variant: "navbar" | "page";
  defaultValue?: string;
  /** The landmark's name (two search forms on one page need different ones). */
  label: string;
}) {
  const navigate = useNavigate();
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get("q");
    navigate(paths.search(normaliseSearchText(typeof q === "string" ? q : "")));
  };
  return (
    // The landmark in every browser (the <search> element is too new to rely on alone).
    // biome-ignore lint/a11y/useSemanticElements: see above.
    <form
      role="search"
      aria-label={label}
      action={paths.search()}
      method="get"
      // A plain GET to /search works before (and without) the app: theme-init.js lets it through.
      data-native=""
      className={`search-form search-form--${variant}`}
      onSubmit={handleSubmit}
    >
      <label htmlFor={id} className="search-label">
        Search posts
      </label>
      <input
        id={id}
        className="input search-input"
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder="Search posts"
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className="search-submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
