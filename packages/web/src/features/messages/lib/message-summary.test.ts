import { describe, expect, it } from "vitest";
import { lastMessageOf } from "@atendo/contracts";
import { lastMessageLine, messageLine, summarize } from "./message-summary";

const t = (key: string) => `<${key.split(".").at(-1)}>`;

describe("message lines", () => {
  it("shows a file by its kind, never a picture's file name", () => {
    expect(messageLine({ mediaType: "image", body: "IMG_0001.jpg", fileName: "IMG_0001.jpg" }, t)).toBe("📷 <image>");
    expect(messageLine({ mediaType: "audio", body: "voice.mp3", fileName: "voice.mp3" }, t)).toBe("🎤 <audio>");
    expect(messageLine({ mediaType: "video", body: "", fileName: "clip.mp4" }, t)).toBe("🎥 <video>");
    expect(messageLine({ mediaType: "sticker", body: "s.webp", fileName: "s.webp" }, t)).toBe("🖼️ <sticker>");
  });

  it("keeps a caption, and a document's name", () => {
    expect(messageLine({ mediaType: "image", body: "The *box*", fileName: "box.png" }, t)).toBe("📷 <image>: The box");
    expect(messageLine({ mediaType: "document", body: "report.pdf", fileName: "report.pdf" }, t)).toBe("📄 <document>: report.pdf");
    expect(messageLine({ mediaType: "document", body: "For Monday", fileName: "report.pdf" }, t)).toBe("📄 <document>: report.pdf · For Monday");
  });

  it("names a place and a contact, and shows a text as plain text", () => {
    expect(messageLine({ mediaType: "location", body: "https://maps/img.png|https://maps/?q=1|Main Square|High St 1" }, t)).toBe("📍 <location>: Main Square");
    expect(messageLine({ mediaType: "vcard", body: "BEGIN:VCARD\nFN:Ana Souza\nEND:VCARD" }, t)).toBe("👤 <vcard>: Ana Souza");
    expect(messageLine({ mediaType: "chat", body: "_hi_ there" }, t)).toBe("hi there");
  });

  it("leaves quotes (which know no file name) as they were", () => {
    expect(summarize({ mediaType: "image", body: "look" })).toEqual({ typeKey: "messages.types.image", text: "look" });
  });

  it("says a ticket's last media by its kind, sent or received (issue 28)", () => {
    const line = (message: Parameters<typeof lastMessageOf>[0]) => lastMessageLine(lastMessageOf(message), t);
    expect(line({ mediaType: "audio", body: "1795780011272.mp3", fileName: "1795780011272.mp3" })).toBe("🎤 <audio>");
    expect(line({ mediaType: "image", body: "The *box*", fileName: "box.png" })).toBe("📷 <image>: The box");
    expect(line({ mediaType: "video", body: "", fileName: "clip.mp4" })).toBe("🎥 <video>");
    expect(line({ mediaType: "document", body: "invoice.pdf", fileName: "invoice.pdf" })).toBe("📄 <document>: invoice.pdf");
    expect(line({ mediaType: "vcard", body: "BEGIN:VCARD\nFN:Ana Souza\nEND:VCARD" })).toBe("👤 <vcard>");
    expect(lastMessageLine("See you *tomorrow*", t)).toBe("See you tomorrow");
    expect(lastMessageLine("📷 here it is", t)).toBe("📷 here it is");
  });
});
