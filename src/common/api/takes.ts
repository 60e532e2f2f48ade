import type { ProposePairSchema } from "../schemas/takes";
import type { PostPair } from "../takes";
import type { Endpoint } from "./endpoint";
import type { IdParams, NoData } from "./params";

// Two takes (docs/decisions/0046-two-takes.md): who may make each call is in contract/takes.ts.

export const pairsList: Endpoint<{ response: PostPair[] }> = { method: "GET", path: "/api/takes" };
export const pairPropose: Endpoint<{ body: typeof ProposePairSchema; response: PostPair }> = {
  method: "POST",
  path: "/api/takes",
};
export const pairAccept: Endpoint<{ params: typeof IdParams; body: typeof NoData; response: PostPair }> = {
  method: "POST",
  path: "/api/takes/:id/accept",
};
export const pairDecline: Endpoint<{ params: typeof IdParams; body: typeof NoData; response: PostPair }> = {
  method: "POST",
  path: "/api/takes/:id/decline",
};
export const pairReady: Endpoint<{ params: typeof IdParams; body: typeof NoData; response: PostPair }> = {
  method: "POST",
  path: "/api/takes/:id/ready",
};
export const pairUnready: Endpoint<{ params: typeof IdParams; body: typeof NoData; response: PostPair }> = {
  method: "DELETE",
  path: "/api/takes/:id/ready",
};
