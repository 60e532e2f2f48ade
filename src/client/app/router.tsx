import { lazy, Suspense } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Layout } from "./layout/layout";

// Each route is its own chunk: a reader's first load carries only what that page needs,
// and the admin editor never loads for readers.
const Home = lazy(() => import("./routes/home"));
const HisBlog = lazy(() => import("./routes/his-blog"));
const HerBlog = lazy(() => import("./routes/her-blog"));
const Contact = lazy(() => import("./routes/contact"));
const Post = lazy(() => import("./routes/post"));
const Tag = lazy(() => import("./routes/tag"));
const Login = lazy(() => import("./routes/login"));
const Register = lazy(() => import("./routes/register"));
const ForgotPassword = lazy(() => import("./routes/forgot-password"));
const ResetPassword = lazy(() => import("./routes/reset-password"));
const Admin = lazy(() => import("./routes/admin"));
const Profile = lazy(() => import("./routes/profile"));
const Placeholder = lazy(() => import("./routes/placeholder"));
const NotFound = lazy(() => import("./routes/not-found"));

const page = (Component: React.ComponentType) => (
  <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
    <Component />
  </Suspense>
);

export function AppRouter({ siteName }: { siteName: string }) {
  const router = createBrowserRouter([
    {
      element: <Layout siteName={siteName} />,
      children: [
        { path: "/", element: page(Home) },
        { path: "/his-blog", element: page(HisBlog) },
        { path: "/her-blog", element: page(HerBlog) },
        { path: "/contact", element: page(Contact) },
        { path: "/post", element: page(Post) },
        { path: "/post/:postId", element: page(Post) },
        { path: "/tags/:tag", element: page(Tag) },
        { path: "/login", element: page(Login) },
        { path: "/register", element: page(Register) },
        { path: "/forgot-password", element: page(ForgotPassword) },
        { path: "/reset-password", element: page(ResetPassword) },
        { path: "/admin", element: page(Admin) },
        { path: "/profile", element: page(Profile) },
        { path: "/privacy", element: page(Placeholder) },
        { path: "/terms", element: page(Placeholder) },
        { path: "*", element: page(NotFound) },
      ],
    },
  ]);
  return <RouterProvider router={router} />;
}
