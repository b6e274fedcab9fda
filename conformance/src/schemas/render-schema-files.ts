import { toJsonSchema } from "@adapterkit/contract";
import type { z } from "zod";
import { fixturesSchema } from "../fixtures/fixtures-schema.ts";
import { conformanceReportSchema } from "../report/report-schema.ts";
import { formatJson } from "./format-json.ts";

/** The base of the runner's published schemas' `$id`. */
export const CONFORMANCE_SCHEMA_ID_BASE = "https://adapterkit.dev/schemas/";

/** The runner's published JSON Schemas: file name in `conformance/` → its zod source and `$id`. */
export const CONFORMANCE_SCHEMA_FILES: Readonly<Record<string, { readonly id: string; readonly schema: z.ZodType }>> = {
  "fixtures.schema.json": { id: "conformance-fixtures.schema.json", schema: fixturesSchema },
  "report.schema.json": { id: "conformance-report.schema.json", schema: conformanceReportSchema },
};

/** Every published schema file of `conformance/`, by file name, exactly as `npm run schemas -w conformance` writes it. */
export function renderSchemaFiles(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(CONFORMANCE_SCHEMA_FILES).map(([name, { id, schema }]) => [
      name,
      formatJson({ $id: `${CONFORMANCE_SCHEMA_ID_BASE}${id}`, ...toJsonSchema(schema) }),
    ]),
  );
}
