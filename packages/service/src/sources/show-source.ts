import type { SourceJson } from "@adapterkit/contract";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { withSourceTables } from "./source-tables.ts";
import { toSourceJson } from "./to-source-json.ts";

/** An installation's source with its document count and last sync; 404 when none is set. */
export async function showSource(
  context: Pick<GroundContext, "store" | "now">,
  installationId: string,
): Promise<SourceJson> {
  const db = withSourceTables(context.store.db);
  const source = await db
    .selectFrom("sources")
    .selectAll()
    .where("installation_id", "=", installationId)
    .executeTakeFirst();
  if (source === undefined) throw new ServiceError("not_found", `Installation ${installationId} has no source set.`);
  const { count } = await db
    .selectFrom("source_documents")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("installation_id", "=", installationId)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom("source_syncs")
    .selectAll()
    .where("installation_id", "=", installationId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return toSourceJson(source, Number(count), last, context.now());
}
