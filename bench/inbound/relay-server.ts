// Child process: a bare relay, the least any service must do per event: take the platform's POST, call the adapter's
// combined /inbound with the D2 envelope (D410) through the same adapter client the service uses (signed,
// validated, one keep-alive Agent), and answer 200. No store, no dedup, no
// routing: what is left of the service's CPU per event after this is the service's own. Prints `READY <url>`.
import { createServer } from "node:http";
import { createAdapterClient } from "@adapterkit/client";
import { env } from "../lib/env.ts";
import { reportCpu } from "../lib/report-cpu.ts";

const client = createAdapterClient({ baseUrl: env("BENCH_ADAPTER_URL"), signingSecret: env("BENCH_APP_SECRET") });
const credentials = JSON.parse(env("BENCH_CREDENTIALS")) as Record<string, string>;
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const server = createServer((request, response) => {
  const parts: Buffer[] = [];
  request.on("data", (part: Buffer) => parts.push(part));
  request.on("end", async () => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const url = new URL(request.url ?? "/", "http://relay");
    const envelope = {
      credentials,
      method: request.method ?? "POST",
      path: url.pathname,
      query: {},
      headers,
      body: decoder.decode(Buffer.concat(parts)),
    };
    const parsed = await client.inbound({ ...envelope, mode: "trigger" });
    const ok = parsed.ok && !("ok" in parsed.value);
    response.writeHead(ok ? 200 : 502, { "content-type": "application/json" });
    response.end(ok ? '{"outcome":"accepted","event_id":1,"workflow_run_ids":[1]}' : JSON.stringify(parsed));
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const printCpu = reportCpu();
  process.stdout.write(`READY http://127.0.0.1:${address.port}/inbound\n`);
  process.on("SIGTERM", () => {
    printCpu();
    process.stdout.write("LOOP -\nOUTCOMES -\nRUNS -\n");
    server.close();
    process.exit(0);
  });
});
