import { describe, expect, it } from "vitest";
import { notImplemented } from "../define/not-implemented.ts";
import { captureLogs } from "../testing/capture-logs.ts";
import { startAdapter } from "../testing/start-adapter.ts";
import { createLogger } from "./create-logger.ts";
import { fixtureAdapter } from "./fixture-adapter.ts";

describe("logging", () => {
  it("writes JSON lines with credentials redacted wherever they sit", () => {
    const lines: string[] = [];
    const log = createLogger({ level: "info" }, { write: (line: string) => void lines.push(line) });
    log.info(
      { credentials: { token: "s3cret" }, input: { credentials: { token: "s3cret" } }, signingSecret: "whsec_x" },
      "hello",
    );
    expect(lines.join("")).not.toMatch(/s3cret|whsec_x/);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      msg: "hello",
      credentials: "[redacted]",
      input: { credentials: "[redacted]" },
    });
  });

  it("redacts what a handler logs through its context, even on an author's own logger", async () => {
    const logs = captureLogs();
    const adapter = fixtureAdapter({
      verify: (input, context) => {
        context.log.info({ input }, "verifying");
        return { ok: true, user: "u" };
      },
    });
    const { client, close } = await startAdapter(adapter, { logger: logs.logger });
    await client.post("/verify", JSON.stringify({ credentials: { token: "s3cret" } }), {
      "x-organization-id": "org_1",
    });
    await close();
    const line = logs.lines.find((entry) => entry.msg === "verifying");
    expect(line).toMatchObject({
      input: { credentials: "[redacted]" },
      organizationId: "org_1",
      endpoint: "verify",
      adapter: "fixture",
    });
    expect(JSON.stringify(logs.lines)).not.toContain("s3cret");
  });

  it("warns at start-up of each handler still a placeholder", async () => {
    const logs = captureLogs();
    const adapter = fixtureAdapter({ deliver: notImplemented("deliver"), format: notImplemented("format") });
    const { close } = await startAdapter(adapter, { logger: logs.logger });
    await close();
    expect(logs.lines.filter((entry) => entry.level === 40)).toEqual([
      expect.objectContaining({
        adapter: "fixture",
        endpoints: ["deliver", "format"],
        msg: "answering 501 not_implemented: deliver, format",
      }),
    ]);
  });

  it("does not warn about optional endpoints an adapter leaves out, such as a channel app's sources", async () => {
    const logs = captureLogs();
    const { close } = await startAdapter(fixtureAdapter({ sources: undefined as never }), { logger: logs.logger });
    await close();
    expect(logs.lines.filter((entry) => Number(entry.level) >= 40)).toEqual([]);
  });
});
