import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TestApp, TestUser } from "./test-app";

/** The signed-in roles a route test checks besides the visitor: both authors and one reader. */
export interface Roles {
  him: TestUser;
  her: TestUser;
  reader: TestUser;
}

/** Sign both authors and a reader in on a test app. */
export async function signInRoles(t: TestApp, readerEmail = "reader@example.com"): Promise<Roles> {
  const him = await t.as("him");
  const her = await t.as("her");
  const reader = await t.signUp({ email: readerEmail });
  return { him, her, reader };
}

/** A request as one of them, or as a visitor (null), with a JSON body when one is given. */
export function requestAs(
  t: TestApp,
  method: NonNullable<InjectOptions["method"]>,
  url: string,
  who: TestUser | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.request({
    method,
    url,
    cookie: who?.cookie,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
