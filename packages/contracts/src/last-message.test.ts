import { describe, expect, it } from "vitest";
import { lastMessageOf, parseLastMessage } from "./last-message.js";

describe("a ticket's last message", () => {
  it("is a text as written", () => {
    expect(lastMessageOf({ mediaType: "chat", body: "Hello" })).toBe("Hello");
    expect(parseLastMessage("Hello")).toBeNull();
  });

  it("stands for a media by its icon and what it says, never its file name alone", () => {
    const voice = lastMessageOf({ mediaType: "audio", body: "1795780011272.mp3", fileName: "1795780011272.mp3" });
    expect(voice).not.toContain("mp3");
    expect(parseLastMessage(voice)).toEqual({ mediaType: "audio", text: "" });
    expect(parseLastMessage(lastMessageOf({ mediaType: "image", body: "the box", fileName: "IMG_1.jpg" }))).toEqual({ mediaType: "image", text: "the box" });
    expect(parseLastMessage(lastMessageOf({ mediaType: "document", body: "report.pdf", fileName: "report.pdf" }))).toEqual({ mediaType: "document", text: "report.pdf" });
    expect(parseLastMessage(lastMessageOf({ mediaType: "vcard", body: "BEGIN:VCARD\nFN:Ana\nEND:VCARD" }))).toEqual({ mediaType: "vcard", text: "" });
  });

  it("reads a text that starts with a media's emoji as a text", () => {
    expect(parseLastMessage("📷 look at this")).toBeNull();
  });
});
