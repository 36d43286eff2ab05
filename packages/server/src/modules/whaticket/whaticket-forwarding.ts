import { whaticketPath } from "@atendo/contracts";

/**
 * Which calls under /whaticket the dialect answers itself (whaticket.routes.ts); every other one
 * is Atendo's /api call, unchanged: Fastify's `rewriteUrl` sends it there before routing, so the
 * same route, schema, permission check and rate limit answer it (decision 0066).
 */
export class WhaticketForwarding {
  private readonly own: { method: string; path: RegExp }[] = [];

  /** An onRoute hook: learns each dialect route as it is registered. */
  readonly learn = (route: { method: string | string[]; url: string }): void => {
    if (!route.url.startsWith(`${whaticketPath}/`)) return;
    for (const method of [route.method].flat()) this.own.push({ method, path: pathPattern(route.url) });
  };

  /** The URL to route: a dialect route's own, else the /api twin of a /whaticket call. */
  rewrite(method: string, url: string): string {
    if (url !== whaticketPath && !url.startsWith(`${whaticketPath}/`) && !url.startsWith(`${whaticketPath}?`)) return url;
    const path = url.split("?")[0] ?? url;
    const asked = method === "HEAD" ? "GET" : method;
    if (this.own.some((route) => route.method === asked && route.path.test(path))) return url;
    return `/api${url.slice(whaticketPath.length)}`;
  }
}

/**
 * A route path as a pattern. A parameter named `id` or `…Id` takes digits only, so that static
 * /api routes beside it (GET /tickets/count, /tickets/history) are still forwarded; a trailing
 * slash is allowed, as the router allows it (that client asks for `/whatsapp/` and `/users/`).
 */
function pathPattern(url: string): RegExp {
  const escaped = url.split("/").map((segment) => {
    const param = /^:(\w+)$/.exec(segment)?.[1];
    if (param === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return param === "id" || param.endsWith("Id") ? "\\d+" : "[^/]+";
  });
  return new RegExp(`^${escaped.join("/")}/?$`);
}
