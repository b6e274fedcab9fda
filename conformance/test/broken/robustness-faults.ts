import type { BrokenAdapter } from "../run-against.ts";

/** Bounds a body by its Content-Length only: a chunked body without one is read to the end, however large. */
export const chunkedBodyUnbounded: BrokenAdapter = {
  fault: "a chunked body read without bound",
  adapter: { limitDeclaredLengthOnly: true },
  caughtBy: ["robustness.chunked-oversize"],
};

/** Puts the text into a URL with encodeURIComponent, which throws URIError on a lone surrogate: a 500. */
export const loneSurrogateCrashes: BrokenAdapter = {
  fault: "a lone surrogate crashes /format",
  adapter: {
    overrides: {
      format: (request) => {
        const text = (request.json as { text?: unknown } | undefined)?.text;
        if (typeof text === "string") encodeURIComponent(text);
        return undefined;
      },
    },
  },
  caughtBy: ["robustness.unicode-edge-cases"],
};

/** The robustness faults of issue 19, one check each. */
export const ROBUSTNESS_FAULTS: readonly BrokenAdapter[] = [chunkedBodyUnbounded, loneSurrogateCrashes];
