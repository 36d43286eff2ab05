import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import type { Provider } from "oidc-provider";

/** Who the local provider signs in: the claims the test controls. */
export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-ins at the provider are (no login form: the test decides who). */
  signInAs(account: ProviderAccount): void;
  /**
   * The next token response carries, instead of the provider's own ID token, one signed with the
   * provider's key for the current account with these claims changed (another `aud`, `iss` or `nonce`).
   */
  tamperNextIdToken(claims: Record<string, unknown>): void;
  close(): Promise<void>;
}

/**
 * oidc-provider warns about Node 20 and about its development-only defaults (in-memory adapter):
 * true, and expected of a provider that lives for one test file.
 */
function silenceProviderWarnings(): void {
  const warn = console.warn.bind(console);
  if ((console.warn as { silenced?: boolean }).silenced) return;
  console.warn = Object.assign(
    (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].startsWith("oidc-provider WARNING")) return;
      warn(...args);
    },
    { silenced: true },
  );
}

/**
 * A real OpenID provider (oidc-provider) on a free loopback port, with one confidential client
 * whose redirect URI is Atendo's callback. Its interaction step signs the current account in and
 * grants "openid email profile" at once, so a flow is a chain of redirects a test (or a browser)
 * follows without a form.
 */
export async function startOidcProvider(options: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<LocalOidcProvider> {
  silenceProviderWarnings();
  const { default: ProviderClass } = await import("oidc-provider");
  const clientId = options.clientId ?? "atendo";
  const clientSecret = options.clientSecret ?? "atendo-test-client-secret";
  let account: ProviderAccount = { sub: "nobody", email: "nobody@provider.test", email_verified: false };
  let tamper: Record<string, unknown> | null = null;
  let lastNonce = "";

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingJwk = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: Provider = new ProviderClass(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], grant_types: ["authorization_code"], response_types: ["code"] }],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ["local-provider-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    // Explicit lifetimes: the defaults work but print a notice each.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => (id === account.sub ? { ...account } : { sub: id }),
    }),
  });

  async function completeInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope("openid email profile");
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  async function answerTamperedToken(res: ServerResponse, claims: Record<string, unknown>): Promise<void> {
    const idToken = await new SignJWT({ email: account.email, email_verified: account.email_verified, nonce: lastNonce, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: signingJwk.kid })
      .setIssuer(typeof claims.iss === "string" ? claims.iss : issuer)
      .setAudience(typeof claims.aud === "string" ? claims.aud : clientId)
      .setSubject(account.sub)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify({ access_token: "tampered-access-token", token_type: "Bearer", expires_in: 300, id_token: idToken }));
  }

  const handle = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/auth" && url.searchParams.has("nonce")) lastNonce = url.searchParams.get("nonce") ?? "";
    let answer: Promise<void> | void;
    if (url.pathname.startsWith("/interaction/")) answer = completeInteraction(req, res);
    else if (url.pathname === "/token" && req.method === "POST" && tamper) {
      const claims = tamper;
      tamper = null;
      // The body is not read: the code is simply never redeemed.
      req.resume();
      answer = answerTamperedToken(res, claims);
    } else answer = handle(req, res);
    void Promise.resolve(answer).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (next) => {
      account = next;
    },
    tamperNextIdToken: (claims) => {
      tamper = claims;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
