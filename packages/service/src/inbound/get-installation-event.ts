import type { InboundEventDetailJson } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { readableInstallation } from "../installations/installation-access.ts";
import { fromJsonColumn } from "../store/index.ts";
import { withInboundTables } from "./inbound-tables.ts";
import { toInboundEventJson } from "./list-installation-events.ts";

/**
 * One inbound event as a record (A22, D521): the log's columns, the message the adapter answered, the request as it
 * arrived (redacted when it was stored), the adapter calls, and the events that replayed it. Read as the log is:
 * another project's or organization's installation, or an event of another installation, is a 404.
 */
export async function getInstallationEvent(
  context: Pick<GroundContext, "store">,
  principal: Principal,
  input: { id: string; eventId: number },
): Promise<InboundEventDetailJson> {
  const installation = await readableInstallation(context, principal, input.id);
  const inbound = withInboundTables(context.store.db);
  const row = await inbound
    .selectFrom("inbound_events")
    .selectAll()
    .where("installation_id", "=", installation.id)
    .where("id", "=", input.eventId)
    .executeTakeFirst();
  if (row === undefined) throw new ServiceError("not_found", `No event ${input.eventId} of installation ${input.id}.`);
  const replays = await inbound
    .selectFrom("inbound_events")
    .select("id")
    .where("replay_of", "=", row.id)
    .where("installation_id", "=", installation.id)
    .orderBy("id")
    .execute();
  const json = <T>(text: string | null, empty: T): T => (text === null ? empty : (fromJsonColumn(text) as T));
  return {
    ...toInboundEventJson(row),
    message: json(row.message, null),
    request: json(row.request, null),
    adapter_calls: json(row.adapter_calls, []),
    replays: replays.map((replay) => replay.id),
  };
}
