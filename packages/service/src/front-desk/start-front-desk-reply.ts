import type { NormalizedMessage } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { toStorableText } from "../store/to-storable-message.ts";
import type { FrontDesk } from "./front-desk.ts";
import { withFrontDeskTables } from "./front-desk-tables.ts";

/** The message the front desk takes, and where it came from. */
export interface FrontDeskMessage {
  readonly organizationId: number;
  readonly appId: number;
  readonly app: string;
  readonly installationId: string;
  readonly inboundEventId: number | null;
  readonly message: NormalizedMessage;
}

/** A11: the contact with this address on this App, created (named after the address) when there is none. */
async function resolveContact(trx: Kysely<Database>, input: FrontDeskMessage, at: string) {
  const db = withFrontDeskTables(trx);
  const find = () =>
    db
      .selectFrom("contact_addresses")
      .innerJoin("contacts", "contacts.id", "contact_addresses.contact_id")
      .select(["contacts.id", "contacts.name"])
      .where("contact_addresses.organization_id", "=", input.organizationId)
      .where("contact_addresses.app_id", "=", input.appId)
      .where("contact_addresses.address", "=", input.message.sender)
      .executeTakeFirst();
  const known = await find();
  if (known !== undefined) return { ...known, isNew: false };
  const contact = await db
    .insertInto("contacts")
    .values({ organization_id: input.organizationId, name: input.message.sender, created_at: at })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
  const address = await db
    .insertInto("contact_addresses")
    .values({
      organization_id: input.organizationId,
      app_id: input.appId,
      address: input.message.sender,
      contact_id: contact.id,
    })
    .onConflict((conflict) => conflict.columns(["organization_id", "app_id", "address"]).doNothing())
    .returning("contact_id")
    .executeTakeFirst();
  if (address !== undefined) return { ...contact, isNew: true };
  // Another message of the same new sender committed its contact first: that one is the contact.
  await db.deleteFrom("contacts").where("id", "=", contact.id).execute();
  const winner = await find();
  if (winner === undefined) throw new Error("a contact address vanished while it was being created");
  return { ...winner, isNew: false };
}

/**
 * A11 inside the routing transaction: resolves the sender among the organization's contacts (per App), asks the
 * front desk for a reply, and puts it in the deliveries outbox addressed to the sender and the message's thread,
 * due at once. The reply leaves only after commit, through `/format` and `/deliver` (see the delivery dispatcher).
 * Returns the delivery's id, or null when the front desk had nothing to say.
 */
export async function startFrontDeskReply(
  trx: Kysely<Database>,
  deps: { frontDesk: FrontDesk; now: Date },
  input: FrontDeskMessage,
): Promise<number | null> {
  const at = deps.now.toISOString();
  const contact = await resolveContact(trx, input, at);
  const db = withFrontDeskTables(trx);
  const own = await db
    .selectFrom("front_desk_templates")
    .select("template")
    .where("installation_id", "=", input.installationId)
    .executeTakeFirst();
  const text = deps.frontDesk.reply({
    contact,
    app: input.app,
    message: input.message,
    template: own?.template ?? null,
  });
  if (text === null) return null;
  const row = await db
    .insertInto("deliveries")
    .values({
      installation_id: input.installationId,
      contact_id: contact.id,
      inbound_event_id: input.inboundEventId,
      channel_address: input.message.sender,
      thread_id: input.message.thread_id ?? null,
      text: toStorableText(text),
      status: "pending",
      next_attempt_at: at,
      message_id: null,
      last_error: null,
      created_at: at,
      delivered_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
