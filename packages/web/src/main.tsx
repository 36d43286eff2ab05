// First: configures zod before any contract schema is built.
import "./lib/zod-config";
import "./app/base.css";
import { applyColorScheme } from "./app/theme-mode";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { AppRoutes, navigateFromOutside } from "./app/router";
import { startConnectivityWatch } from "./lib/connectivity";
import { i18nReady } from "./lib/i18n";
import { registerServiceWorker } from "./lib/service-worker";
import { bootstrapSession, followOtherTabs } from "./lib/session-bootstrap";
import { startSocketLifecycle } from "./lib/socket";

// Before anything is drawn: a dark page's first paint is dark (docs/decisions/0076).
applyColorScheme();
startSocketLifecycle();
followOtherTabs();
startConnectivityWatch();
void bootstrapSession();
// The service worker (offline shell, update prompt, push) only exists in production builds.
if (import.meta.env.PROD) registerServiceWorker({ onOpenUrl: navigateFromOutside });

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = createRoot(container);

function render(): void {
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// i18n is ready once the language's texts are downloaded (lib/i18n.ts); render even if that failed.
void i18nReady.then(render, render);
