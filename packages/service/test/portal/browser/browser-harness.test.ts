import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAxeViolations } from "./axe-violations.ts";
import { type BrowserSession, openBrowserSession } from "./browser-session.ts";
import { CHROMIUM } from "./find-chromium.ts";

const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harness</title></head><body><main>${body}</main></body></html>`;

const PAGES: Record<string, string> = {
  "/good": PAGE(
    '<h1>Sign in</h1><form><label for="token">API token</label><input id="token" name="token"><button>Sign in</button></form>',
  ),
  "/bad": PAGE('<h1>Sign in</h1><form><input name="token"><button></button></form>'),
  "/csp": PAGE("<h1>Policy</h1><script>document.title = 'ran';</script>"),
};

describe.skipIf(CHROMIUM.skipReason !== undefined)(
  `browser harness: Chromium, screenshots and axe-core ${CHROMIUM.skipReason ?? ""}`.trim(),
  () => {
    let server: Server;
    let base: string;
    let session: BrowserSession;

    beforeAll(async () => {
      server = createServer((request, response) => {
        const page = PAGES[request.url ?? ""];
        if (page === undefined) response.writeHead(404).end();
        else
          response
            .writeHead(200, {
              "content-type": "text/html; charset=utf-8",
              "content-security-policy": "script-src 'none'",
            })
            .end(page);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      session = await openBrowserSession("browser-harness");
    });
    afterAll(async () => {
      await session?.close();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    });

    it("drives a page by label and role, and passes axe-core on an accessible page", async () => {
      await session.page.goto(`${base}/good`);
      await session.page.getByLabel("API token").fill("tok");
      await expect(session.page.getByRole("button", { name: "Sign in" }).isEnabled()).resolves.toBe(true);
      await session.checkPage("good");
    });

    it("fails a page with serious or critical violations, naming rule, impact and node", async () => {
      await session.page.goto(`${base}/bad`);
      const violations = await findAxeViolations(session.page);
      expect(violations).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: "label", impact: "critical", targets: ["input"] }),
          expect.objectContaining({ id: "button-name", impact: "critical" }),
        ]),
      );
      await expect(session.checkPage("bad")).rejects.toThrow(/button-name \(critical\).*at button/);
    });

    it("fails a page whose script the Content-Security-Policy refused", async () => {
      await session.page.goto(`${base}/csp`);
      await expect(session.checkPage("csp")).rejects.toThrow(/logged errors by "csp".*\n.*Content Security Policy/);
    });

    it("saves a full-page PNG screenshot of every checked page, numbered in visiting order", () => {
      const files = readdirSync(session.screenshotDir).sort();
      expect(files).toEqual(["01-good.png", "02-bad.png", "03-csp.png"]);
      const png = readFileSync(join(session.screenshotDir, "01-good.png"));
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    });
  },
);
