import { limits, signedText } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { inBatches, isMediaFile, splitBySize } from "./attachment-checks";
import { parseLocation } from "./location";
import { outgoingText } from "./signature";
import { parseVcard } from "./vcard";

describe("parseVcard", () => {
  it("reads the full name and WhatsApp's waid number", () => {
    const body = "BEGIN:VCARD\nVERSION:3.0\nN:Souza;Ana;;;\nFN:Ana Souza\nitem1.TEL;waid=5511987654321:+55 11 98765-4321\nEND:VCARD";
    expect(parseVcard(body)).toEqual({ name: "Ana Souza", number: "5511987654321" });
  });

  it("falls back to N and to the TEL digits, unfolding long lines", () => {
    const body = "BEGIN:VCARD\r\nN:Lima;Rui;;Dr.;\r\nTEL;TYPE=CELL:+1 (555)\r\n 010-9999\r\nEND:VCARD";
    expect(parseVcard(body)).toEqual({ name: "Dr. Rui Lima", number: "15550109999" });
  });

  it("has no name or number when the card carries none", () => {
    expect(parseVcard("BEGIN:VCARD\nVERSION:3.0\nEND:VCARD")).toEqual({ name: null, number: null });
    expect(parseVcard("not a card")).toEqual({ name: null, number: null });
    expect(parseVcard("BEGIN:VCARD\nFN:Only Name\nEND:VCARD")).toEqual({ name: "Only Name", number: null });
  });
});

describe("parseLocation", () => {
  it("splits image, link, name and address", () => {
    expect(parseLocation("data:image/png;base64,AAAA|https://maps.google.com/?q=1,2|Shop|Main St 1 | Floor 2")).toEqual({
      imageUrl: "data:image/png;base64,AAAA",
      link: "https://maps.google.com/?q=1,2",
      name: "Shop",
      address: "Main St 1 | Floor 2",
    });
  });

  it("drops unsafe images and links and tolerates missing parts", () => {
    expect(parseLocation("javascript:alert(1)|javascript:alert(2)")).toEqual({ imageUrl: null, link: null, name: "", address: "" });
    expect(parseLocation("")).toEqual({ imageUrl: null, link: null, name: "", address: "" });
  });
});

describe("signature", () => {
  it("puts the bold name and the extension on a first line", () => {
    expect(signedText("Hello", { name: "Ana Souza", extension: "1234" })).toBe("*Ana Souza* (1234)\nHello");
    expect(signedText("Hello", { name: "Ana", extension: null })).toBe("*Ana*\nHello");
    expect(signedText("Hello", { name: "*A*na*", extension: " " })).toBe("*Ana*\nHello");
  });

  it("sends nothing for blank text and trims what it sends", () => {
    expect(outgoingText("  \n ", { name: "Ana", extension: null })).toBeNull();
    expect(outgoingText("  hi \n", null)).toBe("hi");
    expect(outgoingText(" hi ", { name: "Ana", extension: "123" })).toBe("*Ana* (123)\nhi");
  });
});

describe("attachment size checks", () => {
  const mb = 1024 * 1024;
  it("checks media at 15 MB and documents at 99 MB", () => {
    const files = [
      { name: "a.jpg", type: "image/jpeg", size: limits.mediaCheckBytes },
      { name: "b.mp4", type: "video/mp4", size: 15 * mb + 1 },
      { name: "c.pdf", type: "application/pdf", size: 50 * mb },
      { name: "d.zip", type: "", size: 99 * mb + 1 },
    ];
    const { accepted, oversize } = splitBySize(files);
    expect(accepted.map((file) => file.name)).toEqual(["a.jpg", "c.pdf"]);
    expect(oversize.map((file) => file.name)).toEqual(["b.mp4", "d.zip"]);
    expect(isMediaFile({ type: "audio/mpeg" })).toBe(true);
    expect(isMediaFile({ type: "application/pdf" })).toBe(false);
  });

  it("sends at most ten files a request", () => {
    expect(inBatches([...Array(23).keys()]).map((batch) => batch.length)).toEqual([10, 10, 3]);
  });
});
