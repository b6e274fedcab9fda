import { createRequire } from "node:module";
import type * as Undici from "undici";

let undici: typeof Undici | undefined;

/**
 * undici, required when first needed: it is about 28 MB resident, and an adapter that only receives never calls
 * out (D418). It is CommonJS, so it loads synchronously.
 */
export function loadUndici(): typeof Undici {
  undici ??= createRequire(import.meta.url)("undici") as typeof Undici;
  return undici;
}
