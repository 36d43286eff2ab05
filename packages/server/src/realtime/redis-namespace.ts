/**
 * What an install's Redis traffic is named after: `<REDIS_PREFIX>:<install id>` (the id kept in
 * its database, secrets.ts `loadInstallId`). The socket.io adapter derives every channel from it
 * (`<namespace>#/#…`, `<namespace>-request#/#`, `<namespace>-response#/#…`), so two installs on
 * one Redis — whatever its database number, which pub/sub ignores — hear nothing of each other,
 * while the instances of one install, reading one database, share it (docs/decisions/0060).
 */
export function redisNamespace(prefix: string, installId: string): string {
  return `${prefix}:${installId}`;
}
