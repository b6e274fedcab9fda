import { decodeEntities } from "./decode-entities.ts";

const SAFE_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/** True for a link with no scheme (relative, fragment) or an http, https, mailto or tel scheme. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so the check does too.
  const compact = Array.from(decodeEntities(href))
    .filter((char) => char.charCodeAt(0) > 0x20 && char !== "\u007f")
    .join("");
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(compact)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}
