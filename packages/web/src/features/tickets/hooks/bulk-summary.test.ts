import { describe, expect, it } from "vitest";
import { i18n, i18nReady, loadErrorTexts } from "../../../lib/i18n";
import { bulkSummary } from "./bulk-summary";

describe("bulkSummary", () => {
  it("counts what was done and groups the refusals by reason, in each language", async () => {
    await i18nReady;
    await loadErrorTexts();
    const results = [
      ...Array.from({ length: 98 }, (_, i) => ({ ticketId: i + 1, result: "done" as const })),
      { ticketId: 99, result: "refused" as const, code: "ERR_NO_PERMISSION" as const },
      { ticketId: 100, result: "refused" as const, code: "ERR_NO_TICKET_FOUND" as const },
      { ticketId: 101, result: "refused" as const, code: "ERR_NO_TICKET_FOUND" as const },
    ];
    const t = i18n.t.bind(i18n);
    expect(bulkSummary(results, t)).toBe("98 done, 3 refused: Ticket not found (2); " + `${i18n.t("errors.ERR_NO_PERMISSION").replace(/\.$/, "")} (1)`);
    expect(bulkSummary(results.slice(0, 1), t)).toBe("1 done.");
    for (const lng of ["pt", "es"] as const) {
      await i18n.changeLanguage(lng);
      const line = bulkSummary(results, t);
      expect(line).toContain("98");
      expect(line).toContain(i18n.t("errors.ERR_NO_TICKET_FOUND").replace(/\.$/, ""));
      expect(line).not.toContain("bulk.");
    }
    await i18n.changeLanguage("en");
  });
});
