import { existsSync } from "node:fs";

/** Where the browser tests look for Chromium: ADAPTERKIT_CHROMIUM when set, else Debian's package. */
const DEBIAN_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The Chromium the browser tests drive, or why they are skipped (D251). */
export interface ChromiumLookup {
  readonly executablePath: string | undefined;
  /** Set when no browser was found; it goes into the skipped describe's title. */
  readonly skipReason: string | undefined;
}

/** Finds an installed Chromium; the browser tests skip with the returned reason when there is none. */
export function findChromium(configured = process.env.ADAPTERKIT_CHROMIUM): ChromiumLookup {
  const candidates = configured ? [configured] : DEBIAN_CHROMIUM;
  const executablePath = candidates.find((path) => existsSync(path));
  if (executablePath !== undefined) return { executablePath, skipReason: undefined };
  const hint = configured
    ? "ADAPTERKIT_CHROMIUM names no file"
    : "apt-get install chromium, or set ADAPTERKIT_CHROMIUM";
  return { executablePath: undefined, skipReason: `(skipped: no Chromium at ${candidates.join(" or ")}; ${hint})` };
}

/** The lookup the browser test files share. */
export const CHROMIUM = findChromium();
