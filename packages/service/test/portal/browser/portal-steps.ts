import type { Page } from "playwright-core";
import type { BrowserSession } from "./browser-session.ts";

/** Waits for the text to show on the page (Playwright retries, across reloads, until its timeout). */
export function see(page: Page, text: string | RegExp, timeout?: number): Promise<void> {
  return page
    .getByText(text)
    .first()
    .waitFor(timeout === undefined ? {} : { timeout });
}

/** Signs in through the sign-in page the portal redirects to, checking that page. */
export async function signIn(browser: BrowserSession, serviceUrl: string, token: string): Promise<void> {
  const { page } = browser;
  await page.goto(`${serviceUrl}/developer/apps`);
  await page.getByRole("heading", { name: "Sign in to the developer portal" }).waitFor();
  await page.getByLabel("API token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Your Apps", level: 1 }).waitFor();
}

/** New App → Preview → Create draft for the adapter at `baseUrl`, checking the preview and the new App's page. */
export async function createDraft(browser: BrowserSession, baseUrl: string, name: string): Promise<void> {
  const { page } = browser;
  await page.getByRole("link", { name: "New App" }).click();
  await page.getByLabel("Adapter base URL").fill(baseUrl);
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("heading", { name: `Preview of ${name}` }).waitFor();
  await browser.checkPage(`preview ${name}`);
  await page.getByRole("button", { name: "Create draft" }).click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
}

/** The App's state as its page shows it (the Overview's State entry). */
export async function appState(page: Page): Promise<string> {
  const overview = page.getByRole("region", { name: "Overview" });
  return (await overview.locator("dt:text-is('State') + dd").innerText()).trim();
}

/** Watches the review page, which updates itself while the review runs, until it shows a verdict; returns it. */
export async function watchUntilVerdict(page: Page, timeoutMs = 90_000): Promise<string> {
  const verdict = page.getByRole("status").filter({ hasText: /^State: (passed|failed|errored)\b/ });
  await verdict.waitFor({ timeout: timeoutMs });
  return /^State: (\w+)/.exec((await verdict.innerText()).trim())?.[1] ?? "";
}
