import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, createQueue, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";

/**
 * The menu (URA) form as a new admin fills it (issue 28): an option's "Choose a destination"
 * error shows once its empty destination is left and goes as soon as one is chosen; a new option
 * shows no errors before it is filled; and errors coming or going never move the "Add option"
 * button (a click started on it landed on nothing).
 */
const queueName = `Menu form ${Date.now().toString(36)}`;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await createQueue(await adminToken(), { name: queueName });
});
afterAll(() => browser.close());

/** Where the "Add option" button is, measured from the first option (both scroll together). */
async function addButtonOffset(page: Page): Promise<number> {
  const [button, first] = await Promise.all([
    page.getByRole("button", { name: "Add option" }).boundingBox(),
    page.getByRole("group", { name: "Option 1" }).boundingBox(),
  ]);
  if (!button || !first) throw new Error("the button or the first option is not shown");
  return button.y - first.y;
}

const destinationOf = (option: Locator) => option.getByRole("combobox", { name: /^Destination(?! type)/ });

/** Fills an option: selector, name and the journey's queue as destination, through the menus. */
async function fillOption(page: Page, option: Locator, selector: string, name: string): Promise<void> {
  await option.getByLabel(/^Selector/).fill(selector);
  await option.getByLabel(/^Menu name/).fill(name);
  await option.getByRole("combobox", { name: /Destination type/ }).click();
  await page.getByRole("option", { name: "Queue", exact: true }).click();
  await destinationOf(option).click();
  await page.getByRole("option", { name: queueName, exact: true }).click();
}

/** The error texts under an option's fields (an empty helper line holds a zero-width space). */
async function errorsOf(option: Locator): Promise<string[]> {
  const texts = await option.locator(".MuiFormHelperText-root").allInnerTexts();
  return texts.map((text) => text.replace(/\u200b/g, "").trim()).filter(Boolean);
}

describe.each([1280, 500])("the menu form at %i px", (width) => {
  it("shows a destination's error without moving the rows, and drops it once one is chosen", async () => {
    const { context, page } = await newPage(browser, { width, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/URA/new");
    const option = page.getByRole("group", { name: "Option 1" });
    await option.getByLabel(/^Selector/).fill("1");
    await option.getByLabel(/^Menu name/).fill("Sales");
    await option.getByRole("combobox", { name: /Destination type/ }).click();
    await page.getByRole("option", { name: "Queue", exact: true }).click();
    const offset = await addButtonOffset(page);

    // Passing through the destination without choosing one, as the keyboard does.
    await destinationOf(option).focus();
    await page.keyboard.press("Tab");
    const error = option.getByText("Choose a destination.");
    await error.waitFor();
    expect(await addButtonOffset(page), "the error does not push the button down").toBe(offset);
    await screenshot(page, `menu-form-destination-error-${width}`);

    await destinationOf(option).click();
    await page.getByRole("option", { name: queueName, exact: true }).click();
    await error.waitFor({ state: "detached" });
    expect(await addButtonOffset(page), "the error leaving does not pull the button up").toBe(offset);
    await context.close();
  });

  it("opens a new option without errors and keeps none under its filled fields", async () => {
    const { context, page } = await newPage(browser, { width, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/URA/new");
    await fillOption(page, page.getByRole("group", { name: "Option 1" }), "1", "Sales");
    await page.getByRole("button", { name: "Add option" }).click();
    const second = page.getByRole("group", { name: "Option 2" });
    await second.waitFor();
    expect(await errorsOf(second), "a new option is not marked before it is filled").toEqual([]);

    const offset = await addButtonOffset(page);
    await fillOption(page, second, "2", "Support");
    expect(await errorsOf(second), "nothing is marked under the filled option").toEqual([]);
    // Within a pixel: MUI's select is a pixel taller once it shows a value.
    expect(Math.abs((await addButtonOffset(page)) - offset), "the filled option keeps its height").toBeLessThanOrEqual(1);
    await screenshot(page, `menu-form-two-options-${width}`);

    // Leaving the filled destination for the button: the click adds the option.
    await page.getByRole("button", { name: "Add option" }).click();
    await page.getByRole("group", { name: "Option 3" }).waitFor();
    await context.close();
  });
});
