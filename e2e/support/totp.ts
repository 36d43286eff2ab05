import { createHmac } from "node:crypto";

/** RFC 4648 base32 (the alphabet authenticator apps read), without padding. */
function base32Bytes(secret: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
}

/**
 * The code an authenticator app shows for `secret`, `steps` periods of 30 s from now (RFC 6238,
 * SHA-1, 6 digits), computed here as a phone would, independently of the server's library.
 */
export function totpCode(secret: string, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const hmac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
