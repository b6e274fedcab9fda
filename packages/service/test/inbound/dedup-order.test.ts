import pg from "pg";
import { describe, expect, it } from "vitest";
import { dedupOrder, TAKE_ORDER } from "../../src/inbound/dedup-order.ts";
import { STORE_LANES, TEST_DATABASE_URL } from "../helpers/store-lanes.ts";

// Keys whose order differs between the ways text is commonly compared: UTF-16 code units (JavaScript's `<`) put an
// astral character before U+FF01, code points after it; a quote sorts before "#" as text, after it once JSON escapes
// it; a locale's collation folds case and ignores punctuation.
const KEYS = ["a#", 'a"', "a\\", "\u{1F600}", "\uFF01", "\uE000", "B", "b", "a b", "ab", "", "a\u0001", "é", "e\u0301"];

const postgres = STORE_LANES.find((lane) => lane.name === "postgres");

describe.skipIf(postgres?.skip !== false)(`dedupOrder ${postgres?.title ?? "on PostgreSQL"}`, () => {
  it('sorts dedup keys as PostgreSQL\'s collate "C" does, so both routing paths lock them in one order', async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const rows = KEYS.flatMap((key) => [
        { installationId: "inst_b", dedupKey: key },
        { installationId: "inst_a", dedupKey: key },
      ]);
      const { rows: sorted } = await client.query<{ installation_id: string; take_key: string }>(
        // The columns in a locale's collation, as a database's default may be: only TAKE_ORDER's own collation
        // gives the bytes' order.
        `select installation_id collate "und-x-icu" as installation_id, take_key collate "und-x-icu" as take_key
           from json_to_recordset($1::json) as r(installation_id text, take_key text) order by ${TAKE_ORDER}`,
        [JSON.stringify(rows.map((row) => ({ installation_id: row.installationId, take_key: row.dedupKey })))],
      );
      const inDatabase = sorted.map((row) => [row.installation_id, row.take_key]);
      const here = [...rows].sort(dedupOrder).map((row) => [row.installationId, row.dedupKey]);
      expect(here).toEqual(inDatabase);
    } finally {
      await client.end();
    }
  });
});
