import type { BotAction } from "@atendo/contracts";

/** What a bot answered one customer message with, whatever its kind. */
export interface BotReply {
  /** Sent in order, as automatic messages. */
  texts: string[];
  /** Hand over (`handoff` with no destination: the bot's fallback) or close. */
  action?: BotAction | { type: "fallback" };
  /** The Typebot session to go on with (kept on the ticket); undefined: unchanged. */
  session?: string;
}

/** What the customer said, as a bot reads it. */
export interface BotTurn {
  ticketId: number;
  contact: { name: string; number: string };
  message: { body: string; mediaType: string };
  /** The Typebot session under way on this ticket, if any. */
  session: string | null;
}
