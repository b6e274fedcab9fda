import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { findAxeViolations, formatViolations } from "./axe-violations.ts";
import { CHROMIUM } from "./find-chromium.ts";

/**
 * Switches that keep Chromium from phoning home: the network here refuses its background connections, and a test
 * must not wait on them. Playwright adds --headless and a fresh temporary --user-data-dir itself (D250).
 */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * This file's screenshot folder: `$ADAPTERKIT_SCREENSHOTS_DIR/<name>` (`.ci/run` sets .ci/out/screenshots), emptied
 * first; else a new temporary folder, printed, since several checkouts may run the tests at once (D252).
 */
function screenshotDirOf(name: string): string {
  const root = process.env.ADAPTERKIT_SCREENSHOTS_DIR;
  if (root === undefined || root === "") {
    const dir = mkdtempSync(join(tmpdir(), `adapterkit-screenshots-${name}-`));
    console.info(`screenshots of ${name}: ${dir}`);
    return dir;
  }
  const dir = join(root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** One browser with one page for a test file: every page it shows is screenshotted and checked by axe-core. */
export interface BrowserSession {
  readonly browser: Browser;
  readonly page: Page;
  /** This file's screenshot folder. */
  readonly screenshotDir: string;
  /** The steps checked so far, in order. */
  readonly checked: readonly string[];
  /**
   * Saves `NN-<step>.png` (the full page), then throws listing axe's serious and critical violations, or the
   * script errors and console errors (a refused script, a CSP report) the page logged since the last check.
   */
  checkPage(step: string): Promise<void>;
  close(): Promise<void>;
}

/** Launches Chromium (see CHROMIUM_ARGS) with one page; `name` names the screenshot folder. */
export async function openBrowserSession(name: string): Promise<BrowserSession> {
  if (CHROMIUM.executablePath === undefined) throw new Error(CHROMIUM.skipReason);
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  const screenshotDir = screenshotDirOf(name);
  const checked: string[] = [];
  // A non-2xx page (an error page, a refused form) logs "Failed to load resource" for itself; that is expected.
  let errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`uncaught ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  return {
    browser,
    page,
    screenshotDir,
    checked,
    async checkPage(step) {
      checked.push(step);
      const file = `${String(checked.length).padStart(2, "0")}-${step.replace(/[^a-z0-9]+/gi, "-")}.png`;
      await page.screenshot({ path: join(screenshotDir, file), fullPage: true });
      const violations = await findAxeViolations(page);
      if (violations.length > 0)
        throw new Error(`axe-core on "${step}" (${page.url()}):\n${formatViolations(violations)}`);
      const logged = errors;
      errors = [];
      if (logged.length > 0)
        throw new Error(`the page logged errors by "${step}" (${page.url()}):\n${logged.join("\n")}`);
    },
    close: () => browser.close(),
  };
}
