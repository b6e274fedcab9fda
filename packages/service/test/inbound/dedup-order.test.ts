import pg from "pg";
import { describe, expect, it } from "vitest";
import { dedupOrder } from "../../src/inbound/route-inbound-together.ts";
import { TEST_DATABASE_URL } from "../helpers/store-lanes.ts";

// Keys whose order differs between the ways text is commonly compared: UTF-16 code units (JavaScript's `<`) put an
// astral character before U+FF01, code points after it; a quote sorts before "#" as text, after it once JSON escapes
// it; a locale's collation folds case and ignores punctuation.
const KEYS = ["a#", 'a"', "a\\", "\u{1F600}", "\uFF01", "\uE000", "B", "b", "a b", "ab", "", "a\u0001", "é", "e\u0301"];

describe.skipIf(!TEST_DATABASE_URL)(
  `dedupOrder${TEST_DATABASE_URL ? "" : " (skipped: ADAPTERKIT_TEST_DATABASE_URL is unset)"}`,
  () => {
    it('sorts dedup keys as PostgreSQL\'s collate "C" does, so both routing paths lock them in one order', async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        const rows = KEYS.flatMap((key) => [
          { installationId: "inst_b", dedupKey: key },
          { installationId: "inst_a", dedupKey: key },
        ]);
        const { rows: sorted } = await client.query<{ i: string; k: string }>(
          `select r.i, r.k from json_to_recordset($1::json) as r(i text, k text)
           order by r.i collate "C", r.k collate "C"`,
          [JSON.stringify(rows.map((row) => ({ i: row.installationId, k: row.dedupKey })))],
        );
        const inDatabase = sorted.map((row) => [row.i, row.k]);
        const here = [...rows].sort(dedupOrder).map((row) => [row.installationId, row.dedupKey]);
        expect(here).toEqual(inDatabase);
      } finally {
        await client.end();
      }
    });
  },
);
