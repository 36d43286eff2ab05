import { describe, expect, it } from "vitest";
import { currentLanguage, i18n, i18nReady, loadErrorTexts, loadPageTexts } from "./i18n";

describe("the interface's texts", () => {
  // First: it needs the page-only part not yet asked for.
  it("starts without the admin pages' texts, and a text of theirs asked for brings them (blank until then)", async () => {
    await i18nReady;
    await i18n.changeLanguage("en");
    expect(i18n.t("ticketView.selection.count", { count: 1 })).toBe("1 message selected");
    const arrived = new Promise<void>((resolve) => i18n.on("languageChanged", () => resolve()));
    expect(i18n.t("queues.color")).toBe("");
    await arrived;
    expect(i18n.t("queues.color")).toBe("Colour");
    await loadPageTexts();
    // Switching language brings that language's page-only part too.
    await i18n.changeLanguage("pt");
    expect(i18n.t("queues.color")).toBe("Cor");
  });

  it("starts without the error texts; they come with the first error (or a text of theirs asked for), in every language switched to", async () => {
    await i18nReady;
    await i18n.changeLanguage("en");
    expect(i18n.exists("errors.ERR_NO_PERMISSION")).toBe(false);
    await loadErrorTexts();
    expect(i18n.t("errors.ERR_NO_TICKET_FOUND")).toBe("Ticket not found.");
    await i18n.changeLanguage("pt");
    expect(i18n.t("errors.ERR_NO_TICKET_FOUND")).not.toBe("Ticket not found.");
    expect(i18n.exists("errors.ERR_NO_TICKET_FOUND")).toBe(true);
  });

  it("reads nested keys, fills values, picks the plural by count and formats numbers in the language", async () => {
    await i18nReady;
    await loadPageTexts();
    await i18n.changeLanguage("en");
    expect(i18n.t("ticketView.selection.count", { count: 1 })).toBe("1 message selected");
    expect(i18n.t("ticketView.selection.count", { count: 3 })).toBe("3 messages selected");
    expect(i18n.t("contactImport.summary", { success: 12345, failed: 0, repeated: 2 })).toBe(
      "12,345 imported, 0 failed, 2 repeated (already stored or earlier in the file).",
    );
    await i18n.changeLanguage("pt-BR");
    expect(i18n.language).toBe("pt");
    expect(currentLanguage()).toBe("pt");
    expect(i18n.t("contactImport.summary", { success: 12345, failed: 1, repeated: 0 })).toMatch(/^12\.345 importados, 1 com falha/);
    expect(i18n.t("chats.members", { count: 1 })).toBe("1 membro");
  });

  it("falls back to English, then to the key; `lng` reads another loaded language", async () => {
    await i18nReady;
    await i18n.changeLanguage("es");
    expect(i18n.t("errors.ERR_MISSING_VALUES", { lng: "en" })).not.toBe(i18n.t("errors.ERR_MISSING_VALUES"));
    expect(i18n.t("no.such.key")).toBe("no.such.key");
    expect(i18n.exists("errors.ERR_NO_PERMISSION")).toBe(true);
    expect(i18n.exists("errors.ERR_NOT_A_CODE")).toBe(false);
    // An unsupported language is English.
    await i18n.changeLanguage("de");
    expect(i18n.language).toBe("en");
  });

  it("tells its listeners when the language changes", async () => {
    await i18nReady;
    const heard: string[] = [];
    i18n.on("languageChanged", (language) => heard.push(language));
    await i18n.changeLanguage("es");
    await i18n.changeLanguage("en");
    expect(heard).toEqual(["es", "en"]);
  });
});
