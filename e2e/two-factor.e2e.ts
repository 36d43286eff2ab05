import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";
import { totpCode } from "./support/totp.js";

// Two-factor sign-in (issue 34, docs/decisions/0095): a person turns it on from the profile with
// their authenticator app (the code computed here from the key the page shows), then signs in
// with a code from the app, and with a recovery code.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function signOut(page: Page): Promise<void> {
  await page.getByLabel("Account menu").click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL("**/login");
}

/** Email and password on /login, up to the code step. */
async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
}

describe("two-factor sign-in", () => {
  it("is turned on from the profile, then asks for the app's code or a recovery code at sign-in", async () => {
    const id = Date.now().toString(36);
    const user = { name: `Tereza ${id}`, email: `tereza-${id}@e2e.atendo.test`, password: "tereza-pass-1" };
    await api("/users", { method: "POST", token: await adminToken(), body: JSON.stringify(user) });
    const { context, page } = await newPage(browser);
    await loginAs(page, user.email, user.password);

    await page.getByLabel("Account menu").click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Profile" });
    const section = dialog.getByRole("region", { name: "Two-factor sign-in" });
    await section.getByRole("button", { name: "Set up" }).click();
    await section.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await section.getByLabel("Setup key").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, "two-factor-setup");
    // The first code, typed as a person would, and Enter.
    await section.getByLabel("Code from the app").fill(totpCode(secret));
    await page.keyboard.press("Enter");
    const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.nth(0).textContent()) ?? "";
    expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await screenshot(page, "two-factor-recovery-codes");
    await section.getByRole("button", { name: "Done" }).click();
    await section.getByText("On. Recovery codes left: 10.").waitFor();
    await page.keyboard.press("Escape");
    await signOut(page);

    // The password alone no longer signs in: the code step has the focus, digits only.
    await passwordStep(page, user.email, user.password);
    await screenshot(page, "two-factor-code-step");
    const codeField = page.getByLabel("Code", { exact: true });
    expect(await codeField.evaluate((input) => input === document.activeElement && input.getAttribute("inputmode"))).toBe("numeric");
    // The enrolment spent this period's code; the app's next one signs in.
    await page.keyboard.type(totpCode(secret, 1));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/tickets");
    await signOut(page);

    // A recovery code instead (phone left at home), and it works once only.
    await passwordStep(page, user.email, user.password);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCode);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/tickets");
    await signOut(page);
    await passwordStep(page, user.email, user.password);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCode);
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "That code is not valid." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});
