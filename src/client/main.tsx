import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import { AppRouter } from "./app/router";
import { readShellData } from "./lib/shell-data";
// Cascade layers are declared by the first of these (styles/theme.css).
import "./styles/theme.css";
import "./components/ui/ui.css";
import "./styles/layout.css";
import "./styles/posts.css";
import "./styles/post-images.css";

const shell = readShellData();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders shell={shell}>
      <AppRouter siteName={shell.siteName} />
    </AppProviders>
  </StrictMode>,
);
