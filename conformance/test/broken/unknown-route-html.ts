import type { BrokenAdapter } from "../run-against.ts";

/** Serves an HTML page with 200 for any route it does not know (a framework's catch-all). */
export const unknownRouteHtml: BrokenAdapter = {
  fault: "unknown route answers 200 with HTML",
  adapter: {
    overrides: {
      "unknown-route": () => ({
        status: 200,
        rawBody: "<!doctype html><h1>Welcome</h1>",
        headers: { "content-type": "text/html" },
      }),
    },
  },
  // A catch-all also answers /mcp and /oauth/callback, which the manifest check forbids.
  caughtBy: ["endpoints.unknown-route-404", "manifest.no-mcp-or-oauth-callback", "endpoints.other-methods-refused"],
};
