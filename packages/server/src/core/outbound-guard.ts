import { promises as dns } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "./app-error.js";

/** Resolves a host name to its addresses (the system resolver; tests pass their own). */
export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Addresses an outbound request (webhook, Web Push) may not reach unless WEBHOOK_ALLOW_PRIVATE is on. */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback, IPv4-compatible
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail allowed), or undefined. */
function ipv6Words(address: string): number[] | undefined {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const start = head ? head.split(":") : [];
  const end = tail ? tail.split(":") : [];
  const words = tail === undefined ? start : [...start, ...Array<string>(8 - start.length - end.length).fill("0"), ...end];
  return words.length === 8 ? words.map((word) => parseInt(word, 16)) : undefined;
}

/** An IPv4 address carried inside an IPv6 one (mapped, NAT64, 6to4), which is what gets reached. */
function embeddedIpv4(address: string): string | undefined {
  const w = ipv6Words(address);
  if (!w) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (w.slice(0, 5).every((x) => x === 0) && w[5] === 0xffff) return v4(w[6]!, w[7]!); // ::ffff:a.b.c.d
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0)) return v4(w[6]!, w[7]!); // 64:ff9b::a.b.c.d
  if (w[0] === 0x2002) return v4(w[1]!, w[2]!); // 2002:aabb:ccdd::
  return undefined;
}

/** Loopback, link-local, private, multicast or reserved: anything but a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return notPublic.check(address, "ipv4");
  if (family !== 6) return true;
  if (notPublic.check(address, "ipv6")) return true;
  const inner = embeddedIpv4(address);
  return inner !== undefined && notPublic.check(inner, "ipv4");
}

/** The host of a URL as an address or a name: no brackets around IPv6, no trailing dot. */
function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "").toLowerCase();
}

/** Names that mean this machine whatever DNS says (RFC 6761). */
const localName = (host: string) => host === "localhost" || host.endsWith(".localhost");

export interface OutboundGuardOptions {
  /** WEBHOOK_ALLOW_PRIVATE: an install whose gateway is on its own network. */
  allowPrivate: boolean;
  resolve?: HostResolver;
  /** How long a save waits for DNS before accepting the name (delivery checks again). */
  resolveTimeoutMs?: number;
}

/**
 * Keeps the server's outbound requests to URLs others chose (API-channel webhooks, Web Push
 * endpoints) off loopback, link-local and private networks (the server would otherwise POST
 * wherever an admin — or whoever holds an admin's session — points it: metadata services,
 * databases, the admin pages of routers). Checked twice: when a URL is saved (a clear refusal,
 * ERR_WEBHOOK_URL_NOT_ALLOWED) and when each request connects — through the lookup the
 * connection itself uses (postOutbound, outbound-post.ts), so a name that resolved to a public
 * address at save time and to a private one later (DNS rebinding) is refused at the address
 * actually dialled. Bottom layer: the API channel and Web Push both use it.
 */
export class OutboundGuard {
  private readonly resolve: HostResolver;

  constructor(private readonly options: OutboundGuardOptions) {
    this.resolve = options.resolve ?? systemResolver;
  }

  /** At save time: throws ERR_WEBHOOK_URL_NOT_ALLOWED for a private address or a name resolving to one. */
  async assertAllowed(url: string): Promise<void> {
    if (this.options.allowPrivate) return;
    const host = hostOf(url);
    if (isIP(host) ? isPrivateAddress(host) : localName(host)) throw new AppError("ERR_WEBHOOK_URL_NOT_ALLOWED");
    if (isIP(host)) return;
    const addresses = await this.resolveWithin(host);
    // A name that does not resolve yet is accepted: every delivery checks where it really goes.
    if (addresses?.some((entry) => isPrivateAddress(entry.address))) throw new AppError("ERR_WEBHOOK_URL_NOT_ALLOWED");
  }

  /**
   * At delivery, for a URL whose host is an address: the connection does not look it up, so it
   * is checked here (a row saved before the rule, or while WEBHOOK_ALLOW_PRIVATE was on).
   */
  assertAddressAllowed(url: string): void {
    const host = hostOf(url);
    if (this.options.allowPrivate) return;
    if (isIP(host) ? isPrivateAddress(host) : localName(host)) throw new Error(`address not allowed: ${host} is not public (WEBHOOK_ALLOW_PRIVATE)`);
  }

  /** The lookup a delivery's connection uses: resolves, and refuses a name with any private address. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (addresses) => {
        const refused = this.options.allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
        if (refused) {
          const error = Object.assign(new Error(`address not allowed: ${hostname} resolves to ${refused.address} (WEBHOOK_ALLOW_PRIVATE)`), { code: "EWEBHOOKPRIVATE" });
          return callback(error as NodeJS.ErrnoException, "", 0);
        }
        const wanted = addresses.filter((entry) => !options.family || entry.family === options.family);
        if (wanted.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
        if (options.all) return callback(null, wanted);
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };

  private async resolveWithin(host: string): Promise<Array<{ address: string }> | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.options.resolveTimeoutMs ?? 3000);
    });
    try {
      return await Promise.race([this.resolve(host).catch(() => undefined), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
