import type { FastifyInstance } from "fastify";
import { settingsChanges, settingsRead, settingsUpdate } from "../../common/api";
import { SETTINGS_CHANGES_SHOWN } from "../../common/limits";
import { canEditSiteSettings } from "../../common/policies";
import { SITE_SETTINGS_MESSAGES } from "../../common/schemas/site-settings";
import {
  type AuthorSiteSettings,
  defaultSiteSettings,
  publicSiteSettings,
  resolveSiteSettings,
  type SiteSettingKey,
  type StoredSiteSettings,
} from "../../common/site-settings";
import { caller, route } from "../api/route";
import type { AppContext } from "../context";
import { invalid } from "../errors";
import { getViewer } from "../plugins/viewer";
import { cachedSiteSettings, settingsEnv } from "./settings.reads";
import { listSettingsChanges, readStoredSiteSettings, saveSiteSettings } from "./site-settings.repository";

export async function registerSiteSettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** GET /api/settings: what readers see; the contact recipients too for the two authors. */
  route(app, settingsRead, {}, async (request, reply) => {
    const viewer = await getViewer(ctx, request);
    const settings = await cachedSiteSettings(ctx);
    // The answer depends on who asks: a shared cache must not hand one to the other.
    reply.header("vary", "cookie");
    if (canEditSiteSettings(viewer)) {
      reply.header("cache-control", "private, no-cache");
      return settings;
    }
    reply.header("cache-control", viewer ? "private, no-cache" : "public, no-cache");
    return publicSiteSettings(settings);
  });

  /**
   * PUT /api/settings: the fields given change (empty: back to the default); stored are only the
   * values that differ from the defaults, so a changed environment variable still applies to the rest.
   */
  route(app, settingsUpdate, {}, async (request) => {
    const viewer = caller(request);
    const input = request.body;
    // The logo must be an image the pipeline stored here, not any name that looks like one.
    if (input.logoUrl && !(await ctx.storage.exists(input.logoUrl.replace(/^\/uploads\//, ""))))
      throw invalid(SITE_SETTINGS_MESSAGES.logo);
    const env = settingsEnv(ctx.config);
    const before = await cachedSiteSettings(ctx);
    const stored: StoredSiteSettings = { ...(await readStoredSiteSettings(ctx.db)) };
    for (const [key, value] of Object.entries(input) as Array<[SiteSettingKey, string | undefined]>) {
      if (value === undefined) continue;
      if (value === "") delete stored[key];
      else stored[key] = value;
    }
    // What equals its default is not kept (the hero heading's default follows the site name).
    const defaults = { ...defaultSiteSettings(env, stored.siteName || env.siteName), siteName: env.siteName };
    for (const key of Object.keys(stored) as SiteSettingKey[]) {
      if (stored[key] === defaults[key]) delete stored[key];
    }
    const after: AuthorSiteSettings = resolveSiteSettings(stored, env);
    const changes: Partial<Record<SiteSettingKey, { from: string; to: string }>> = {};
    for (const key of Object.keys(after) as SiteSettingKey[]) {
      if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
    }
    if (Object.keys(changes).length > 0) {
      // Every page shows them: with its event, the cache drops everything, on every process.
      await ctx.events.write("settingsChanged", {}, (tx) =>
        saveSiteSettings(tx, stored, { userId: viewer.id, userEmail: viewer.email, changes }, ctx.now()),
      );
    }
    return after;
  });

  /** GET /api/settings/changes: who changed what, when (the two authors). */
  route(app, settingsChanges, {}, async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    return listSettingsChanges(ctx.db, SETTINGS_CHANGES_SHOWN);
  });
}
