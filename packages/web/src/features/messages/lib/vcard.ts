/** A shared contact (vCard body), as the bubble shows it. */
export interface VcardContact {
  name: string | null;
  /** Digits only; null when the card carries no phone number. */
  number: string | null;
}

function unfold(body: string): string[] {
  // RFC 6350 folds long lines with a leading space or tab on the continuation.
  return body.replace(/\r\n?/g, "\n").replace(/\n[ \t]/g, "").split("\n");
}

function unescape(value: string): string {
  return value.replace(/\\n/gi, " ").replace(/\\([,;\\])/g, "$1").trim();
}

/** Reads the name (FN, else N) and the first phone number (WhatsApp's `waid`, else the TEL value). */
export function parseVcard(body: string): VcardContact {
  let fullName: string | null = null;
  let structuredName: string | null = null;
  let number: string | null = null;
  for (const line of unfold(body)) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const [property = "", ...params] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    const name = property.replace(/^item\d+\./i, "").toUpperCase();
    if (name === "FN" && !fullName) fullName = unescape(value) || null;
    if (name === "N" && !structuredName) {
      const [family = "", given = "", additional = "", prefix = "", suffix = ""] = value.split(";").map(unescape);
      structuredName = [prefix, given, additional, family, suffix].filter(Boolean).join(" ") || null;
    }
    if (name === "TEL" && !number) {
      const waid = params.map((param) => /^waid=(\d+)$/i.exec(param)?.[1]).find(Boolean);
      const digits = waid ?? value.replace(/\D/g, "");
      number = digits || null;
    }
  }
  return { name: fullName ?? structuredName, number };
}
