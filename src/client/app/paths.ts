/** Every route of SPEC §2, in one place. */
export const paths = {
  home: "/",
  hisBlog: "/his-blog",
  herBlog: "/her-blog",
  contact: "/contact",
  post: (postId: string) => `/post/${encodeURIComponent(postId)}`,
  tag: (tag: string) => `/tags/${encodeURIComponent(tag)}`,
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  admin: "/admin",
  profile: "/profile",
  privacy: "/privacy",
  terms: "/terms",
} as const;

export const blogPathFor = (author: "him" | "her") => (author === "him" ? paths.hisBlog : paths.herBlog);
