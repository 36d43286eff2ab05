import { z } from "zod";

/**
 * `chat` socket event (spec §7): an internal chat (spec §3) was created, changed or removed.
 * Reserved for the internal-chat feature, which emits it and settles its fields; the spec fixes
 * only that, like every event, it carries an `action`.
 */
export const chatEvent = z.looseObject({ action: z.string() });
export type ChatEvent = z.infer<typeof chatEvent>;

/**
 * `appChatMessage` socket event (spec §7): a message of an internal chat was sent or changed.
 * Reserved for the internal-chat feature, like {@link chatEvent}.
 */
export const appChatMessageEvent = z.looseObject({ action: z.string() });
export type AppChatMessageEvent = z.infer<typeof appChatMessageEvent>;
