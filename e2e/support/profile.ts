import type { Page } from "playwright-core";

/** Opens the Profile dialog from the account menu; its Web Push switch, once drawn. */
export async function openProfilePushSwitch(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Profile" });
  const toggle = dialog.getByRole("switch", { name: "Notify me on this device when Atendo is closed" });
  await toggle.waitFor();
  return { dialog, toggle };
}
