import type { Page } from "playwright-core";

/**
 * Opens a configuration page as an admin does: the drawer's "Settings" (the last configuration
 * page visited), then the page's tab ("Connections", "Users", "Queues", "Menus (URA)",
 * "Announcements", "Monitoring", "General").
 */
export async function openConfigPage(page: Page, tab: string): Promise<void> {
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Configuration pages" }).getByRole("tab", { name: tab, exact: true }).click();
}
