import { describe, expect, it } from "vitest";
import { widgetLanguage } from "../../../widget/texts";
import { embedSnippet, parseOrigins, webchatToSend } from "./webchat-form";

describe("the widget's settings in the connection form", () => {
  it("reads the allowed sites one per line (or by commas), normalised, and refuses anything that is not an origin", () => {
    expect(parseOrigins("https://Shop.example.com/\n\nhttp://localhost:8000, https://shop.example.com")).toEqual(["https://shop.example.com", "http://localhost:8000"]);
    expect(parseOrigins("")).toBeNull();
    expect(parseOrigins("https://shop.example.com/path")).toBeNull();
    expect(parseOrigins("shop.example.com")).toBeNull();
  });

  it("sends `webchat` for the widget's kind only, and gives the snippet to paste", () => {
    const value = { allowedOrigins: "https://a.example", color: "#112233", title: "Help", greeting: "Hi", preChat: { name: "required", email: "off", phone: "optional" } } as const;
    expect(webchatToSend("webchat", value)).toEqual({ ...value, allowedOrigins: ["https://a.example"] });
    expect(webchatToSend("api", value)).toBeUndefined();
    expect(embedSnippet("https://atendo.example", "k3y")).toBe('<script src="https://atendo.example/widget.js" data-atendo="k3y" async></script>');
  });

  it("the widget speaks the browser's first language it knows", () => {
    expect(widgetLanguage(["pt-BR", "en"])).toBe("pt");
    expect(widgetLanguage(["de-DE", "es-MX"])).toBe("es");
    expect(widgetLanguage(["fr"])).toBe("en");
  });
});
