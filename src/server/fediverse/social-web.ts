// The social web's heavy half: Fedify (about 60 MB resident, half the server's module code) and
// everything that builds or reads its objects. Loaded by fediverse.ts on first use, never at
// start: a reader's page needs none of it (docs/fediverse.md, "loaded on first use").
export { isActor } from "@fedify/vocab";
export { changeHandle, ensureActor } from "./actor-keys";
export { createActivity, deleteActivity, tombstone, updateActivity } from "./articles";
export { toRecipient } from "./collections";
export { createDuetFederation } from "./federation";
export { settleFollowRequest } from "./follows";
export { sendProfileUpdate } from "./profile-update";
export { currentNote, replyActivity, replyDelete, replyTombstone } from "./reply-notes";
