import type { ReplyPage } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { listInstallationDeliveries } from "../front-desk/list-installation-deliveries.ts";
import { readPageQuery } from "../http/page.ts";
import { readableInstallation } from "../installations/installation-access.ts";
import { listAttempts } from "../outbound-records/list-attempts.ts";
import { toReplyJson } from "./to-reply-json.ts";

/** D510: a page of an installation's front-desk replies, newest first, each with its attempts, oldest first. */
export async function listInstallationReplies(
  context: Pick<GroundContext, "store">,
  principal: Principal,
  input: { id: string; query: URLSearchParams },
): Promise<ReplyPage> {
  const installation = await readableInstallation(context, principal, input.id);
  const page = await listInstallationDeliveries(context.store.db, installation.id, readPageQuery(input.query));
  const attempts = await listAttempts(
    context.store.db,
    "reply_attempts",
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => toReplyJson(row, attempts.get(row.id) ?? [])),
    next_cursor: page.next_cursor,
  };
}
