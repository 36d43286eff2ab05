import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openConfigPage } from "./support/admin-nav.js";
import { adminToken, api, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * The audit log (issue 34, decision 0097): a label renamed through the API is found on the Audit
 * log screen, opened from the drawer, filtered by its action, with who did it and the name before
 * and after; the filtered log downloads as CSV.
 */
const suffix = Date.now().toString(36);
let browser: Browser;
let admin: string;
let tag: { id: number; name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  tag = await api<{ id: number; name: string }>("/tags", { method: "POST", token: admin, body: JSON.stringify({ name: `Audit ${suffix}`, color: "#3F51B5" }) });
  await api(`/tags/${tag.id}`, { method: "PUT", token: admin, body: JSON.stringify({ name: `Audited ${suffix}` }) });
});
afterAll(() => browser.close());

describe("the audit log", () => {
  it("shows a change made in the test, who made it and the field before and after; filters by action; downloads CSV", async () => {
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password, { width: 1440 });
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL("**/audit");
    await page.getByRole("heading", { name: "Audit log" }).waitFor();

    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "tag.updated" }).click();
    // The unfiltered page may still show (the tag's creation row beside its update) until the filtered one arrives.
    const row = page.getByRole("row").filter({ hasText: "tag.updated" }).filter({ hasText: `tag ${tag.id}` });
    await row.getByText(`name: Audit ${suffix} → Audited ${suffix}`).waitFor();
    await row.getByText(E2E_ADMIN.name).waitFor();
    await page.getByRole("row").filter({ hasText: "tag.created" }).first().waitFor({ state: "detached" });
    await screenshot(page, "audit-log");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path())).toString("utf8").replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines[0]).toMatch(/^id,createdAt,userId,userName,userEmail,ip,userAgent,action,entityType,entityId,changes,details$/);
    expect(lines.some((line) => line.includes(",tag.updated,tag,") && line.includes(`Audited ${suffix}`))).toBe(true);
  });

  it("keeps entries for the days chosen in Settings, a change itself in the log", async () => {
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(page, "General");
    const retention = page.getByRole("combobox", { name: "Keep entries for" });
    expect(await retention.textContent()).toBe("365 days");
    await retention.click();
    await page.getByRole("option", { name: "90 days" }).click();
    await page.getByText("Setting saved.").waitFor();
    expect(await retention.textContent()).toBe("90 days");
    await screenshot(page, "audit-retention-setting");
    const { entries } = await api<{ entries: { changes: Record<string, unknown> }[] }>("/audit?action=setting.updated", { token: admin });
    expect(entries[0]?.changes).toMatchObject({ auditRetentionDays: { after: "90" } });
    await api("/settings/auditRetentionDays", { method: "PUT", token: admin, body: JSON.stringify({ value: "365" }) });
  });
});
