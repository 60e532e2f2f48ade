import {
  BlockServerBodySchema,
  FediverseFollowersQuerySchema,
  FediverseHandleBodySchema,
} from "../../schemas/fediverse";
import {
  blockedServerAdd,
  blockedServerRemove,
  blockedServers,
  fediverseAccount,
  fediverseFollowersList,
  fediverseHandle,
} from "../fediverse";
import { HostParams } from "../params";
import { row } from "./contract";

const tags = ["Social web"] as const;
const AUTHORS = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;

export const fediverseRows = [
  row(fediverseAccount, { summary: "The author's social-web account", tags, errors: AUTHORS }),
  row(fediverseHandle, {
    summary: "Choose the handle (before anyone follows)",
    tags,
    body: FediverseHandleBodySchema,
    errors: [...AUTHORS, "CONFLICT"],
  }),
  row(fediverseFollowersList, {
    summary: "The author's social-web followers",
    tags,
    query: FediverseFollowersQuerySchema,
    errors: AUTHORS,
  }),
  row(blockedServers, { summary: "Blocked servers", tags, errors: AUTHORS }),
  row(blockedServerAdd, {
    summary: "Block a server",
    tags,
    body: BlockServerBodySchema,
    errors: [...AUTHORS, "CONFLICT"],
  }),
  row(blockedServerRemove, { summary: "Unblock a server", tags, params: HostParams, errors: AUTHORS }),
];
