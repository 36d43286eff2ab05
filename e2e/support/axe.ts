import axe from "axe-core";
import type { Page } from "playwright-core";

/** What a journey keeps of an axe violation: enough to find the element and the rule. */
export interface AxeFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The impacts issue 16 forbids: a screen may carry none of these. */
const blocking = new Set(["serious", "critical"]);

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations, labelled
 * with `where`. The source goes in through the DevTools protocol (page.evaluate): the app's
 * Content-Security-Policy rightly refuses an injected <script>.
 */
export async function axeFindings(page: Page, where: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const result = await runner.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  });
  return violations.filter((violation) => blocking.has(violation.impact)).map((violation) => ({ where, ...violation }));
}

/** One line per violation, for a failure message a person can act on. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings.map((finding) => `${finding.where}: ${finding.rule} (${finding.impact}) ${finding.help} → ${finding.targets.join(" | ")}`).join("\n");
}
