// Child process: the baseline. A minimal node:http server that answers each POST like the hook endpoint, doing
// one durable single-row insert into SQLite (better-sqlite3, WAL) per request, with the service's synchronous setting
// (ADAPTERKIT_SQLITE_SYNCHRONOUS, FULL by default as the service's, D107).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";

const dir = mkdtempSync(join(tmpdir(), "bench-hooks-baseline-"));
const db = new Sqlite(join(dir, "baseline.sqlite"));
db.pragma("journal_mode = WAL");
db.pragma(`synchronous = ${process.env.ADAPTERKIT_SQLITE_SYNCHRONOUS === "normal" ? "NORMAL" : "FULL"}`);
db.exec(
  "create table runs (id integer primary key autoincrement, token text not null, input text, created_at text not null)",
);
const insert = db.prepare("insert into runs (token, input, created_at) values (?, ?, ?)");

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const token = (req.url ?? "").split("/").pop() ?? "";
    const { lastInsertRowid } = insert.run(token, Buffer.concat(chunks).toString("utf8"), new Date().toISOString());
    const body = JSON.stringify({ workflow_run_id: Number(lastInsertRowid), status: "started" });
    res.writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
});
let cpuAtReady: NodeJS.CpuUsage | undefined;
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  cpuAtReady = process.cpuUsage();
  process.stdout.write(`READY http://127.0.0.1:${port}/api/v1/hooks/${"x".repeat(43)}\n`);
});
process.on("SIGTERM", () => {
  const cpu = process.cpuUsage(cpuAtReady);
  process.stdout.write(`CPU ${(cpu.user + cpu.system) / 1000}\n`);
  server.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
