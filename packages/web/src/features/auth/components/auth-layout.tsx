import type { ReactNode } from "react";
import { defaultLogoUrl, usePublicConfig } from "../../../lib/public-config";
import "./auth.css";
import { AuthBanners } from "./auth-banners";

interface AuthLayoutProps {
  title: string;
  /** Shown beside the form on wide screens only. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * Frame of the public pages: banners, optional side panel, a centred card with the login logo.
 * Plain markup and CSS (auth.css) in MUI's look: the login page loads no MUI.
 */
export function AuthLayout({ title, aside, children }: AuthLayoutProps) {
  const { config } = usePublicConfig();
  const logo = config.loginLogoUrl || config.appLogoUrl || defaultLogoUrl;
  return (
    <div className="auth-page">
      <AuthBanners />
      <div className="auth-body">
        {aside}
        <main className="auth-main">
          <div className="auth-card">
            <div className="auth-card-header">
              <img className="auth-logo" src={logo} alt={config.appTitle} />
              <h1 className="auth-title">{title}</h1>
            </div>
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
