export { CommentEditForm } from "./comment-edit-form";
export { CommentForm } from "./comment-form";
export { ModerationActions } from "./moderation-actions";
