// First: configures zod before any contract schema is built.
import "./lib/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { router } from "./app/router";
import { i18nReady } from "./lib/i18n";
import { bootstrapSession, followOtherTabs } from "./lib/session-bootstrap";
import { startSocketLifecycle } from "./lib/socket";

startSocketLifecycle();
followOtherTabs();
void bootstrapSession();

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = createRoot(container);

function render(): void {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Resources are bundled, so i18n is ready at once; render even if initialisation failed.
void i18nReady.then(render, render);
