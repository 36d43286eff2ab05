import type { Language } from "@atendo/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { i18n, i18nReady } from "../../../lib/i18n";
import { aMessage } from "../../../test/fixtures";
import { MessageContent } from "./message-content";

/** The bubble's content as the attendant reads it: its text, without the markup and MUI's inline styles. */
function shownText(message: ReturnType<typeof aMessage>): string {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MessageContent message={message} connectionId={1} />
    </QueryClientProvider>,
  );
  const text = html.replace(/<style[^>]*>.*?<\/style>/gs, "").replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");
  return text.replace(/\s+/g, " ").trim();
}

// A received photo whose file the server could not write (docs/decisions/0101): the caption kept, no file.
const notSaved = aMessage({ body: "Here is the receipt", mediaType: "image", fileName: "receipt.png", failed: true, failureReason: "ERR_STORAGE_FULL" });

describe("a received file the server could not save", () => {
  it.each<[Language, string]>([
    ["en", "The file could not be saved: the server's storage is full."],
    ["pt", "O arquivo não pôde ser salvo: o armazenamento do servidor está cheio."],
    ["es", "No se pudo guardar el archivo: el almacenamiento del servidor está lleno."],
  ])("says why in %s, beside its caption", async (language, why) => {
    await i18nReady;
    await i18n.changeLanguage(language);
    expect(shownText(notSaved)).toBe(`${why} Here is the receipt`);
  });

  it.each(["document", "audio", "video", "sticker"] as const)("says why for a %s too", async (mediaType) => {
    await i18nReady;
    await i18n.changeLanguage("en");
    expect(shownText({ ...notSaved, mediaType, body: "" })).toBe("The file could not be saved: the server's storage is full.");
  });

  it("keeps saying only 'Media unavailable' when the server gave no reason, or one that is not about the file", async () => {
    await i18nReady;
    await i18n.changeLanguage("en");
    expect(shownText({ ...notSaved, failed: false, failureReason: null })).toBe("Media unavailable Here is the receipt");
    expect(shownText({ ...notSaved, fromMe: true, failureReason: "(#131053) Media upload error" })).toBe("Media unavailable Here is the receipt");
  });
});
