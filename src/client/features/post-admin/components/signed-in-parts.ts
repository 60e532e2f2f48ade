export { MentionRemove } from "./mention-remove";
export { PostAdminActions } from "./post-admin-actions";
