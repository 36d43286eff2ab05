import type { Bot } from "@atendo/contracts";
import type { bots } from "../../db/schema/index.js";

export type BotRow = typeof bots.$inferSelect;

/** `••••ab12`: enough of the secret to tell which one is stored, never the secret itself. */
export function secretHint(secret: string): string {
  return `••••${secret.length > 8 ? secret.slice(-4) : ""}`;
}

export function presentBot(row: BotRow): Bot {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url: row.url,
    typebotId: row.typebotId,
    secretHint: secretHint(row.secret),
    timeoutSeconds: row.timeoutSeconds,
    keywords: row.keywords,
    fallback: { destinationType: row.destinationType, destinationTypeId: row.destinationId },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
