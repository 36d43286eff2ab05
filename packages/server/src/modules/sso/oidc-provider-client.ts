import type { ErrorCode } from "@atendo/contracts";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import * as client from "openid-client";
import type { Config } from "../../config.js";
import { AppError } from "../../core/app-error.js";

/** What the provider says about who signed in, from the ID token (or its userinfo when the token leaves the e-mail out). */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** The secrets of one sign-in between /start and /callback, kept in the browser in a signed cookie. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const flowCookieName = "atendo_oidc_flow";
/** The browser sends the flow cookie only to the two routes of the flow. */
export const flowCookiePath = "/api/auth/oidc";
/** Long enough to type a password and a code at the provider; short enough to be useless later. */
export const flowTtlSeconds = 600;
const flowAudience = "atendo:oidc-flow";

/** The redirect URI to register at the provider. */
export function oidcRedirectUri(config: Config): string {
  return `${(config.PUBLIC_URL ?? "").replace(/\/+$/, "")}/api/auth/oidc/callback`;
}

/**
 * The configured provider (OIDC_ISSUER), discovered on first use and kept; a failed discovery is
 * tried again at the next sign-in (the provider may have been down when the server started).
 */
export class OidcProviderClient {
  private discovered: Promise<client.Configuration> | undefined;
  readonly redirectUri: string;

  constructor(
    private readonly config: Config & { OIDC_ISSUER: string; OIDC_CLIENT_ID: string },
    private readonly jwtKey: Uint8Array,
  ) {
    this.redirectUri = oidcRedirectUri(config);
  }

  private configuration(): Promise<client.Configuration> {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = this.config;
    const insecure = new URL(OIDC_ISSUER).protocol === "http:";
    this.discovered ??= client
      .discovery(new URL(OIDC_ISSUER), OIDC_CLIENT_ID, undefined, client.ClientSecretBasic(OIDC_CLIENT_SECRET), {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  /** The provider's authorization URL (code flow, PKCE S256, state and nonce) and the signed cookie value that remembers them. */
  async start(): Promise<{ url: string; flowCookie: string }> {
    const configuration = await this.configuration();
    const secrets: FlowSecrets = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: "openid email profile",
      response_type: "code",
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: "S256",
      state: secrets.state,
      nonce: secrets.nonce,
    });
    const flowCookie = await new SignJWT({ ...secrets })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience(flowAudience)
      .setIssuedAt()
      .setExpirationTime(`${flowTtlSeconds}s`)
      .sign(this.jwtKey);
    return { url: url.href, flowCookie };
  }

  /**
   * Trades the callback's code for tokens and checks them: state against the cookie, the PKCE
   * verifier, and the ID token's signature, issuer, audience (this client id), expiry and nonce.
   */
  async finish(callbackQuery: string, flowCookie: string | undefined): Promise<ProviderIdentity> {
    const secrets = await this.readFlowCookie(flowCookie);
    const currentUrl = new URL(`${this.redirectUri}?${callbackQuery}`);
    // Another window's sign-in, or a forged callback: refused before anything reaches the provider.
    if (currentUrl.searchParams.get("state") !== secrets.state) throw new AppError("ERR_SSO_EXPIRED");
    const configuration = await this.configuration();
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new AppError("ERR_SSO_INVALID_TOKEN");
    // Providers that follow OIDC's "claims from the userinfo endpoint when an access token is issued" leave the e-mail out of the ID token.
    const source =
      typeof claims.email === "string" ? claims : await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    return {
      subject: claims.sub,
      email: typeof source.email === "string" ? source.email.trim().toLowerCase() : null,
      emailVerified: source.email_verified === true,
      name: typeof source.name === "string" && source.name.trim() ? source.name.trim() : null,
    };
  }

  private async readFlowCookie(value: string | undefined): Promise<FlowSecrets> {
    if (!value) throw new AppError("ERR_SSO_EXPIRED");
    try {
      const { payload } = await jwtVerify(value, this.jwtKey, { algorithms: ["HS256"], audience: flowAudience });
      const { state, nonce, codeVerifier } = payload;
      if (typeof state === "string" && typeof nonce === "string" && typeof codeVerifier === "string") return { state, nonce, codeVerifier };
    } catch (error) {
      if (!(error instanceof joseErrors.JOSEError)) throw error;
    }
    throw new AppError("ERR_SSO_EXPIRED");
  }
}

/** The catalogued code of a failed sign-in with the provider. */
export function ssoErrorCode(error: unknown): ErrorCode {
  if (error instanceof AppError) return error.code;
  // The provider answered the callback with an error (the person cancelled, the client is not allowed).
  if (error instanceof client.AuthorizationResponseError) return "ERR_SSO_DENIED";
  // The token endpoint refused the code (used, expired, the client's secret wrong).
  if (error instanceof client.ResponseBodyError) return "ERR_SSO_DENIED";
  const code = (error as { code?: unknown } | null)?.code;
  // The ID token failed a check: issuer, audience, nonce, expiry, signature or key.
  if (
    code === "OAUTH_JWT_CLAIM_COMPARISON_FAILED" ||
    code === "OAUTH_JWT_TIMESTAMP_CHECK_FAILED" ||
    code === "OAUTH_KEY_SELECTION_FAILED" ||
    code === "OAUTH_INVALID_RESPONSE" ||
    code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED"
  ) {
    return "ERR_SSO_INVALID_TOKEN";
  }
  // Unreachable, timed out, or not an OpenID provider at that address.
  return "ERR_SSO_UNAVAILABLE";
}
