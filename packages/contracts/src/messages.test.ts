import { describe, expect, it } from "vitest";
import { signedText, withoutSignature } from "./messages.js";

const ana = { name: "Ana Souza", extension: "1234" };

describe("message signature", () => {
  it("signs with the bold name and the extension, then the text on the next line", () => {
    expect(signedText("Hello", ana)).toBe("*Ana Souza* (1234)\nHello");
    expect(signedText("Hello", { name: "Bo", extension: null })).toBe("*Bo*\nHello");
    expect(signedText("Hello", { name: " *A*na* ", extension: " " })).toBe("*Ana*\nHello");
    expect(signedText("Hello", { name: "**", extension: "12" })).toBe("Hello");
  });

  it("takes the writer's own signature off, and only that", () => {
    expect(withoutSignature(signedText("Hello\nthere", ana), ana)).toBe("Hello\nthere");
    expect(withoutSignature("*Other* (1234)\nHello", ana)).toBe("*Other* (1234)\nHello");
    expect(withoutSignature("*Ana Souza* (1234) Hello", ana)).toBe("*Ana Souza* (1234) Hello");
    expect(withoutSignature("Hello", ana)).toBe("Hello");
  });
});
