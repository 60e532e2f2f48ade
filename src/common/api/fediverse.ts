import type {
  BlockServerBodySchema,
  FediverseFollowersQuerySchema,
  FediverseHandleBodySchema,
} from "../schemas/fediverse";
import type { Endpoint } from "./endpoint";
import type { HostParams } from "./params";

// The social web (ActivityPub) as the authors manage it. The account's and followers' shapes live
// with the Audience page (client); `unknown` here.

export const fediverseAccount: Endpoint<{ response: unknown }> = {
  method: "GET",
  path: "/api/admin/fediverse",
};
export const fediverseHandle: Endpoint<{ body: typeof FediverseHandleBodySchema; response: unknown }> = {
  method: "PUT",
  path: "/api/admin/fediverse/handle",
};
export const fediverseFollowersList: Endpoint<{
  query: typeof FediverseFollowersQuerySchema;
  response: unknown;
}> = {
  method: "GET",
  path: "/api/admin/fediverse/followers",
};
export const blockedServers: Endpoint<{ response: { items: { host: string; since: string }[] } }> = {
  method: "GET",
  path: "/api/admin/fediverse/blocked-servers",
};
export const blockedServerAdd: Endpoint<{ body: typeof BlockServerBodySchema; response: { host: string } }> =
  {
    method: "POST",
    path: "/api/admin/fediverse/blocked-servers",
  };
export const blockedServerRemove: Endpoint<{ params: typeof HostParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/admin/fediverse/blocked-servers/:host",
};
