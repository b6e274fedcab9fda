import { createHmac } from "node:crypto";

/** The marker the reference adapter stamps on what it sends, so its own echo parses as `is_bot: true`. */
export function botMarker(token: string, text: string): string {
  return createHmac("sha256", `reference-bot:${token}`).update(text).digest("hex").slice(0, 32);
}
