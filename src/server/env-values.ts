import { z } from "zod";

// The value types of environment variables (env.ts parses the environment with them).

/** Normalise an email for comparison: trim and lower-case only (look-alikes must not match). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** A whole number written in decimal digits (no coercion of " " or "1e3"), within [min, max]. */
export const integer = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `must be ${min}–${max}`).max(max, `must be ${min}–${max}`))
    .default(fallback);

/** Fastify's `trustProxy`: off, all hops, a hop count, or the proxies' addresses/CIDR ranges. */
export type TrustProxy = boolean | number | string[];

export const PROXY_ADDRESS = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-f:.]*:[0-9a-f:.]*)(?:\/[0-9]{1,3})?$/i;
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY's value, or null when it is not one of the accepted forms. */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0" || value === "no") return false;
  if (value === "true" || value === "yes") return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) return null;
  return list.every((a) => PROXY_NAMES.has(a) || PROXY_ADDRESS.test(a)) ? list : null;
}

export const httpUrl = z
  .string()
  .url("must be an absolute http:// or https:// URL")
  .regex(/^https?:\/\//i, "must be an absolute http:// or https:// URL");

/** TRUST_PROXY: `true`, `false`, a number of hops, or a comma list of proxy addresses/CIDR ranges. */
export const trustProxy = z
  .string()
  .trim()
  .transform(parseTrustProxy)
  .refine((v) => v !== null, {
    message: "must be true, false, a number of hops, or a comma list of proxy addresses",
  })
  .transform((v) => v as TrustProxy)
  .default(false);

/** A comma list of IP addresses or CIDR ranges (METRICS_ALLOW). */
export const addressList = z
  .string()
  .trim()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every((a) => PROXY_ADDRESS.test(a)), {
    message: "must be a comma list of IP addresses or CIDR ranges",
  })
  .default([]);
