import { describe, expect, it } from "vitest";
import { isOptOutText, optOutForm, optOutKeywordsProblem, optOutKeywordsSetting } from "./opt-out.js";

const keywords = ["SAIR", "PARAR", "STOP", "não quero"];

describe("opt-out keywords", () => {
  it("a text is a keyword when it is one, whatever its case, accents, spaces and punctuation around it", () => {
    expect(["stop", " STOP! ", "Sair.", "*párar*", "PARAR 🛑", "¡Stop!", "Nao   quero"].map((text) => isOptOutText(text, keywords))).toEqual([true, true, true, true, true, true, true]);
    expect(["I want to stop", "stop stop", "stopped", "s.t.o.p", "", "!!", "quero sair"].map((text) => isOptOutText(text, keywords))).toEqual([false, false, false, false, false, false, false]);
    expect(isOptOutText("STOP", [])).toBe(false);
    expect(optOutForm("  Não   Quero!! ")).toBe("nao quero");
  });

  it("the setting takes up to 20 keywords of up to 30 characters, each with a letter, and keeps each once", () => {
    expect(optOutKeywordsProblem("")).toBeNull();
    expect(optOutKeywordsProblem(Array.from({ length: 21 }, (_, i) => `w${i}`).join(","))).toBe("tooMany");
    expect(optOutKeywordsProblem(`STOP, ${"x".repeat(31)}`)).toBe("tooLong");
    expect(optOutKeywordsProblem("STOP, 3")).toBe("noLetter");
    expect(optOutKeywordsSetting.parse(" stop,STOP!, Sair ,,")).toBe("stop, Sair");
  });
});
