import { createHmac, timingSafeEqual } from "node:crypto";
import { whaticketPath } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";

/**
 * Short-lived signed links to message files for the Whaticket web client, which opens documents,
 * audio and video by plain URL (no bearer token). A link names the sign-in it was made for and
 * its end; the media route serves it only while that sign-in lives and its user may still see
 * the message's ticket, as with the token (decision 0066).
 */

/** How long a link works: a conversation opened again gets new links. */
export const MEDIA_LINK_SECONDS = 3600;

/** The sign-in a link was made for. */
export interface LinkHolder {
  userId: number;
  sessionId: string;
  tokenVersion: number;
}

/** Its own key, derived from the token key: a link can never pass for a token, nor the reverse. */
export function mediaLinkKey(jwtKey: Uint8Array): Buffer {
  return createHmac("sha256", jwtKey).update("whaticket media links").digest();
}

function signature(key: Buffer, name: string, fields: string): string {
  return createHmac("sha256", key).update(`${fields}|${name}`).digest("base64url");
}

/** `<userId>.<sessionId>.<tokenVersion>.<expires (unix seconds)>.<signature>`: one path segment. */
export function signMediaLink(key: Buffer, name: string, holder: LinkHolder, expiresAt: number): string {
  const fields = [holder.userId, holder.sessionId, holder.tokenVersion, expiresAt].join(".");
  return `${fields}.${signature(key, name, fields)}`;
}

/**
 * The holder of a link made by this server for this file: ERR_NO_PERMISSION for anything else
 * (a changed character anywhere), ERR_MEDIA_LINK_EXPIRED once its end has passed.
 */
export function verifyMediaLink(key: Buffer, name: string, link: string, nowSeconds: number): LinkHolder {
  const parts = link.split(".");
  const [userId, sessionId, tokenVersion, expiresAt, given] = parts;
  if (parts.length !== 5 || !userId || !sessionId || !tokenVersion || !expiresAt || !given) throw new AppError("ERR_NO_PERMISSION");
  const expected = Buffer.from(signature(key, name, parts.slice(0, 4).join(".")));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) throw new AppError("ERR_NO_PERMISSION");
  if (Number(expiresAt) <= nowSeconds) throw new AppError("ERR_MEDIA_LINK_EXPIRED");
  return { userId: Number(userId), sessionId, tokenVersion: Number(tokenVersion) };
}

/**
 * Where a file link points: PUBLIC_URL, else the address the request or socket came to (the link
 * goes back to that caller only, so its Host header cannot send anyone else elsewhere).
 */
export function linkOrigin(publicUrl: string | undefined, protocol: string, host: string): string {
  return publicUrl ? publicUrl.replace(/\/+$/, "") : `${protocol}://${host}`;
}

/** Where a caller fetches a file: an absolute URL, which that client uses as is for links and blobs alike. */
export function mediaLinkUrl(origin: string, name: string, link: string): string {
  return `${origin}${whaticketPath}/media/${link}/${name}`;
}

/** The `/api/media/<name>` of Atendo's messages: the file's name, or null for another URL. */
export function mediaNameOf(mediaUrl: string): string | null {
  const match = /^\/api\/media\/([^/]+)$/.exec(mediaUrl);
  return match?.[1] ?? null;
}
