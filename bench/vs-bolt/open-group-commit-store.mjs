// The Bolt app's store with the service's storage technique written the way a Bolt author could (D551): the events
// that arrive within one turn of the event loop are committed in one transaction, each in its own savepoint, and
// with `sync` (the `full` durability) the database runs at synchronous=NORMAL and an fdatasync of its WAL on libuv's
// thread pool makes a group durable before any of its listeners returns; one sync at a time, the next covers the
// groups committed meanwhile. Without `sync` it is synchronous=NORMAL with grouped commits only.
import { fdatasync, open } from "node:fs";
import Database from "better-sqlite3";
import { createBoltTables } from "./create-bolt-tables.mjs";

/** Opens `file` and returns `commit(body, message)`, settled once the event and its run are committed (and synced). */
export function openGroupCommitStore(file, { sync }) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  const { insertEvent, insertRun } = createBoltTables(db);
  const writeOne = db.transaction(({ body, message }, now) => {
    const event = insertEvent.run(body.event_id, now, message.type, message.channel, message.user, message.ts);
    if (event.changes === 1) insertRun.run(event.lastInsertRowid, JSON.stringify(message), now);
  });
  // Called inside writeGroup's transaction, writeOne is a savepoint: one bad event fails alone.
  const writeGroup = db.transaction((members) => {
    const now = new Date().toISOString();
    return members.map((member) => {
      try {
        writeOne(member, now);
        return undefined;
      } catch (error) {
        return error;
      }
    });
  });
  let group = [];
  let unsynced = [];
  let syncing = false;
  let wal;

  function flush() {
    const members = group;
    group = [];
    let errors;
    try {
      errors = writeGroup(members);
    } catch (error) {
      for (const member of members) member.reject(error);
      return;
    }
    members.forEach((member, index) => {
      if (errors[index] !== undefined) member.reject(errors[index]);
      else if (sync) unsynced.push(member);
      else member.resolve();
    });
    startSync();
  }

  function startSync() {
    if (syncing || unsynced.length === 0) return;
    const members = unsynced;
    unsynced = [];
    syncing = true;
    const done = (error) => {
      syncing = false;
      for (const member of members) error ? member.reject(error) : member.resolve();
      startSync();
    };
    const withWal = (fd) => fdatasync(fd, done);
    if (wal !== undefined) withWal(wal);
    else
      open(`${file}-wal`, "r+", (error, fd) => {
        if (error) return done(error);
        wal = fd;
        withWal(fd);
      });
  }

  return {
    commit: (body, message) =>
      new Promise((resolve, reject) => {
        if (group.length === 0) setImmediate(flush);
        group.push({ body, message, resolve, reject });
      }),
    close: () => db.close(),
  };
}
