import type { CheckStatus } from "../check.ts";

/** Colours for the terminal reporter; every one is the identity when colour is off, so the text reads the same. */
export interface Style {
  readonly green: (text: string) => string;
  readonly red: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly bold: (text: string) => string;
}

const ansi = (code: number, reset: number) => (text: string) => `\u001b[${code}m${text}\u001b[${reset}m`;
const plain = (text: string) => text;

/** ANSI colours, or none. */
export function createStyle(color: boolean): Style {
  if (!color) return { green: plain, red: plain, yellow: plain, dim: plain, bold: plain };
  return { green: ansi(32, 39), red: ansi(31, 39), yellow: ansi(33, 39), dim: ansi(2, 22), bold: ansi(1, 22) };
}

/** A fixed-width word for a status, readable without colour. */
export function statusWord(status: CheckStatus, style: Style): string {
  switch (status) {
    case "passed":
      return style.green("PASS");
    case "failed":
      return style.red("FAIL");
    case "not_applicable":
      return style.dim("N/A ");
    case "skipped":
      return style.dim("SKIP");
  }
}
