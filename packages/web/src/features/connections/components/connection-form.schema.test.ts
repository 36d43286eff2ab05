import type { Connection } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { connectionFormDefaults, connectionFormSchema } from "./connection-form.schema";

const token = "123456789:AAH-a-telegram-bot-token-from-botfather";
const base = { ...connectionFormDefaults(undefined, false), name: "Bot", destinationType: "queue", destinationItem: "1" };

describe("connection form: Telegram", () => {
  it("sends the bot token as the kind's settings, and needs one for a new bot", () => {
    const created = connectionFormSchema.safeParse({ ...base, kind: "telegram", telegramBotToken: token });
    expect(created.success && created.data.telegram).toEqual({ botToken: token });
    expect(created.success && "telegramBotToken" in created.data).toBe(false);

    const missing = connectionFormSchema.safeParse({ ...base, kind: "telegram" });
    expect(missing.error?.issues.map((issue) => issue.path.join("."))).toEqual(["telegramBotToken"]);
    expect(connectionFormSchema.safeParse({ ...base, kind: "telegram", telegramBotToken: "not a token" }).success).toBe(false);
  });

  it("keeps a saved token when the field is left empty, and sends nothing for other kinds", () => {
    const saved = { kind: "telegram", telegram: { botTokenSet: true, botUsername: "shop_bot" } } as unknown as Connection;
    const defaults = connectionFormDefaults({ ...saved, destinations: [], survey: { enabled: false, question: "", askComment: false, windowHours: 24, onAutoClose: false }, pace: null } as unknown as Connection, false);
    expect(defaults.telegramTokenSet).toBe(true);
    const edited = connectionFormSchema.safeParse({ ...base, ...defaults, name: "Bot", destinationType: "queue", destinationItem: "1" });
    expect(edited.success && edited.data.telegram).toBeUndefined();
    const api = connectionFormSchema.safeParse({ ...base, kind: "api", telegramBotToken: token });
    expect(api.success && api.data.telegram).toBeUndefined();
  });
});
