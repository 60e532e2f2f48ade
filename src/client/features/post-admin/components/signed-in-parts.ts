export { PostAdminActions } from "./post-admin-actions";
