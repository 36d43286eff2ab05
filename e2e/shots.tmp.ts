// Temporary: screenshots of the screens changed by issue 10 (not committed).
import { launchBrowser } from "./support/browser.js";
const base = process.env.SHOT_URL ?? "http://127.0.0.1:8099";
const browser = await launchBrowser();
for (const [label, width] of [["wide", 1280], ["narrow", 500]] as const) {
  const page = await browser.newPage({ viewport: { width, height: 860 } });
  await page.goto(`${base}/login`);
  await page.getByLabel(/email/i).fill("admin@shots.local");
  await page.getByLabel(/password/i).first().fill("Shots-pass-123");
  await page.getByRole("button", { name: /^(sign in|log in|login|entrar)/i }).click();
  await page.waitForURL(/tickets/);
  for (const path of ["/users", "/users/new", "/queues", "/connections", "/contacts", "/quickAnswers", "/settings", "/tickets"]) {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `/work/shots/${label}${path.replaceAll("/", "_")}.png` });
  }
  await page.close();
}
await browser.close();
