import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const SDK_DIR = fileURLToPath(new URL("../../", import.meta.url));
const SCRIPT = `
import { defineAdapter, serve } from ${JSON.stringify(join(SDK_DIR, "src/index.ts"))};
const adapter = defineAdapter({
  manifest: { schema_version: "1.0", name: "Slow" },
  format: async ({ text }) => {
    process.stdout.write("ENTERED\\n");
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { text };
  },
});
const { url } = await serve(adapter, { port: 0, host: "127.0.0.1", version: "v" });
process.stdout.write("READY " + url + "\\n");
`;

// Every temp folder a test makes is removed after it.
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("serve on SIGTERM", () => {
  it("finishes the request in flight, logs, stops and ends by that signal", async () => {
    const dir = mkdtempSync(join(tmpdir(), "adapterkit-signal-"));
    temps.push(dir);
    const file = join(dir, "serve.mts");
    writeFileSync(file, SCRIPT);
    const child = spawn(process.execPath, ["--import", "tsx", file], {
      cwd: SDK_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = once(child, "exit");
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const waitFor = async (prefix: string) => {
      const seen: string[] = [];
      for (let line = await lines.next(); !line.done; line = await lines.next()) {
        seen.push(line.value);
        if (line.value.startsWith(prefix)) return { line: line.value, seen };
      }
      throw new Error(`no "${prefix}" line; saw ${seen.join("\n")}`);
    };
    const url = (await waitFor("READY ")).line.slice("READY ".length);
    const inFlight = fetch(`${url}/format`, { method: "POST", body: JSON.stringify({ text: "bye" }) });
    await waitFor("ENTERED");
    child.kill("SIGTERM");
    const response = await inFlight;
    expect([response.status, await response.json()]).toEqual([200, { text: "bye" }]);
    const rest: string[] = [];
    for (let line = await lines.next(); !line.done; line = await lines.next()) rest.push(line.value);
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: null, signal: "SIGTERM" });
    expect(rest.map((line) => JSON.parse(line).msg)).toContain("shutting down");
  });
});
