import type { Endpoint } from "./endpoint";
import type { NoData } from "./params";

// The signed-in account's own calls that every page may make (the layout's "verify your address"
// notice): apart from the studio's endpoints, which the reader's first load never carries.

export const verificationEmail: Endpoint<{
  body: typeof NoData;
  response: { ok: boolean; message: string };
}> = {
  method: "POST",
  path: "/api/account/verification-email",
};
