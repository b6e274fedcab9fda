// A Slack Bolt app as the baseline: HTTP receiver, request signature checked, no outbound calls (the token is not
// verified and the bot's ids are given, so Bolt never calls auth.test). Prints `READY <port>` once it listens on
// 127.0.0.1. Without BENCH_STORE its message listener does nothing (bench/vs-bolt). With BENCH_STORE=<file>
// (bench/vs-bolt-e2e) it is the plain Bolt app that keeps what it receives: the listener commits the event (its
// event_id unique, so Slack's retry is stored once) and a queued run row to SQLite in WAL mode, synchronous FULL
// (BENCH_SYNCHRONOUS=normal: NORMAL), and Bolt answers Slack only after that commit (processBeforeResponse).
import bolt from "@slack/bolt";
import Database from "better-sqlite3";

const storeFile = process.env.BENCH_STORE;
const app = new bolt.App({
  token: "xoxb-bench",
  signingSecret: process.env.SLACK_SIGNING_SECRET,
  tokenVerificationEnabled: false,
  botId: "B0BENCH",
  botUserId: "U0BOT",
  processBeforeResponse: storeFile !== undefined,
  logLevel: process.env.BOLT_LOG === "debug" ? bolt.LogLevel.DEBUG : bolt.LogLevel.ERROR,
});
const store = storeFile === undefined ? undefined : openStore(storeFile);
app.message(store === undefined ? async () => {} : async ({ message, body }) => store.commit(body, message));
const server = await app.start({ port: 0, host: "127.0.0.1" });
console.log(`READY ${server.address().port}`);
process.on("SIGTERM", async () => {
  await app.stop();
  store?.close();
  process.exit(0);
});

/** The app's store: one transaction per event, the event and its run, committed before the listener returns. */
function openStore(file) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${process.env.BENCH_SYNCHRONOUS === "normal" ? "NORMAL" : "FULL"}`);
  db.pragma("foreign_keys = ON");
  db.exec(`create table if not exists events (id integer primary key, event_id text not null unique,
      received_at text not null, event_type text not null, channel text, sender text, ts text);
    create table if not exists runs (id integer primary key, event_id integer not null references events (id),
      status text not null, input text not null, created_at text not null);`);
  const insertEvent = db.prepare(`insert into events (event_id, received_at, event_type, channel, sender, ts)
    values (?, ?, ?, ?, ?, ?) on conflict (event_id) do nothing`);
  const insertRun = db.prepare("insert into runs (event_id, status, input, created_at) values (?, 'queued', ?, ?)");
  const commit = db.transaction((body, message) => {
    const now = new Date().toISOString();
    const event = insertEvent.run(body.event_id, now, message.type, message.channel, message.user, message.ts);
    if (event.changes === 1) insertRun.run(event.lastInsertRowid, JSON.stringify(message), now);
  });
  return { commit, close: () => db.close() };
}
