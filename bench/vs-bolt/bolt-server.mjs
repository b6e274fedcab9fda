// A Slack Bolt app as the baseline: HTTP receiver, request signature checked, no outbound calls (the token is not
// verified and the bot's ids are given, so Bolt never calls auth.test). Prints `READY <port>` once it listens on
// 127.0.0.1. Without BENCH_STORE its message listener does nothing (bench/vs-bolt). With BENCH_STORE=<file>
// (bench/vs-bolt-e2e) it is a Bolt app that keeps what it receives: the listener commits the event (its event_id
// unique, so Slack's retry is stored once) and a queued run row to SQLite in WAL mode, and Bolt answers Slack only
// after that commit (processBeforeResponse). BENCH_COMMIT=each (the default, the plain app): one transaction per
// event at synchronous FULL (BENCH_SYNCHRONOUS=normal: NORMAL). BENCH_COMMIT=group: the service's technique, commits
// grouped and the WAL synced off the main thread (./open-group-commit-store.mjs, D551).
import bolt from "@slack/bolt";
import Database from "better-sqlite3";
import { createBoltTables } from "./create-bolt-tables.mjs";
import { openGroupCommitStore } from "./open-group-commit-store.mjs";

const storeFile = process.env.BENCH_STORE;
const synchronous = process.env.BENCH_SYNCHRONOUS === "normal" ? "normal" : "full";
const app = new bolt.App({
  token: "xoxb-bench",
  signingSecret: process.env.SLACK_SIGNING_SECRET,
  tokenVerificationEnabled: false,
  botId: "B0BENCH",
  botUserId: "U0BOT",
  processBeforeResponse: storeFile !== undefined,
  logLevel: process.env.BOLT_LOG === "debug" ? bolt.LogLevel.DEBUG : bolt.LogLevel.ERROR,
});
const store =
  storeFile === undefined
    ? undefined
    : process.env.BENCH_COMMIT === "group"
      ? openGroupCommitStore(storeFile, { sync: synchronous === "full" })
      : openStore(storeFile);
app.message(store === undefined ? async () => {} : async ({ message, body }) => store.commit(body, message));
const server = await app.start({ port: 0, host: "127.0.0.1" });
console.log(`READY ${server.address().port}`);
process.on("SIGTERM", async () => {
  await app.stop();
  store?.close();
  process.exit(0);
});

/** The plain app's store: one transaction per event, the event and its run, committed before the listener returns. */
function openStore(file) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${synchronous === "normal" ? "NORMAL" : "FULL"}`);
  db.pragma("foreign_keys = ON");
  const { insertEvent, insertRun } = createBoltTables(db);
  const commit = db.transaction((body, message) => {
    const now = new Date().toISOString();
    const event = insertEvent.run(body.event_id, now, message.type, message.channel, message.user, message.ts);
    if (event.changes === 1) insertRun.run(event.lastInsertRowid, JSON.stringify(message), now);
  });
  return { commit, close: () => db.close() };
}
