import {
  BlockServerBodySchema,
  FediverseFollowersQuerySchema,
  FediverseHandleBodySchema,
  FediverseSettingsBodySchema,
  FollowRequestBodySchema,
} from "../../schemas/fediverse";
import {
  blockedServerAdd,
  blockedServerRemove,
  blockedServers,
  fediverseAccount,
  fediverseFollowersList,
  fediverseHandle,
  fediverseReportDismiss,
  fediverseReports,
  fediverseSettings,
  followRequestAccept,
  followRequestReject,
  followRequests,
} from "../fediverse";
import { BlockedHostParams, EmptyQuery, NoData, ReportIdParams } from "../params";
import { row } from "./contract";

const tags = ["Social web"] as const;
const AUTHORS = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;

export const fediverseRows = [
  row(fediverseAccount, {
    who: "authors",
    summary: "The author's social-web account",
    tags,
    errors: AUTHORS,
  }),
  row(fediverseHandle, {
    who: "authors",
    summary: "Choose the handle (before anyone follows)",
    tags,
    body: FediverseHandleBodySchema,
    errors: [...AUTHORS, "CONFLICT"],
  }),
  row(fediverseFollowersList, {
    who: "authors",
    summary: "The author's social-web followers",
    tags,
    query: FediverseFollowersQuerySchema,
    errors: AUTHORS,
  }),
  row(blockedServers, { who: "authors", summary: "Blocked servers", tags, errors: AUTHORS }),
  row(blockedServerAdd, {
    who: "authors",
    summary: "Block a server",
    tags,
    body: BlockServerBodySchema,
    errors: [...AUTHORS, "CONFLICT"],
  }),
  row(blockedServerRemove, {
    who: "authors",
    summary: "Unblock a server",
    tags,
    params: BlockedHostParams,
    errors: AUTHORS,
  }),

  row(fediverseSettings, {
    who: "authors",
    summary: "Whether new followers wait for approval",
    tags,
    body: FediverseSettingsBodySchema,
    errors: AUTHORS,
  }),
  row(followRequests, {
    who: "authors",
    summary: "Follows waiting for the author's approval",
    tags,
    query: FediverseFollowersQuerySchema,
    errors: AUTHORS,
  }),
  row(followRequestAccept, {
    who: "authors",
    summary: "Accept a held follow",
    tags,
    body: FollowRequestBodySchema,
    errors: [...AUTHORS, "NOT_FOUND"],
  }),
  row(followRequestReject, {
    who: "authors",
    summary: "Reject a held follow",
    tags,
    body: FollowRequestBodySchema,
    errors: [...AUTHORS, "NOT_FOUND"],
  }),
  row(fediverseReports, {
    who: "authors",
    summary: "Reports about the author's posts from other servers",
    tags,
    query: EmptyQuery,
    errors: AUTHORS,
  }),
  row(fediverseReportDismiss, {
    who: "authors",
    summary: "Dismiss a report from another server",
    tags,
    params: ReportIdParams,
    paramsNotFound: "Report not found",
    body: NoData,
    errors: [...AUTHORS, "NOT_FOUND"],
  }),
];
