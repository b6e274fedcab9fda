/** The Bolt app's two tables (an event, its event_id unique so Slack's retry is stored once; a queued run) and inserts. */
export function createBoltTables(db) {
  db.exec(`create table if not exists events (id integer primary key, event_id text not null unique,
      received_at text not null, event_type text not null, channel text, sender text, ts text);
    create table if not exists runs (id integer primary key, event_id integer not null references events (id),
      status text not null, input text not null, created_at text not null);`);
  return {
    insertEvent: db.prepare(`insert into events (event_id, received_at, event_type, channel, sender, ts)
      values (?, ?, ?, ?, ?, ?) on conflict (event_id) do nothing`),
    insertRun: db.prepare("insert into runs (event_id, status, input, created_at) values (?, 'queued', ?, ?)"),
  };
}
