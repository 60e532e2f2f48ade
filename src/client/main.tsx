import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import { AppRouter } from "./app/router";
import { readShellData } from "./lib/shell-data";
import "./styles/global.css";

const shell = readShellData();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders shell={shell}>
      <AppRouter siteName={shell.siteName} />
    </AppProviders>
  </StrictMode>,
);
