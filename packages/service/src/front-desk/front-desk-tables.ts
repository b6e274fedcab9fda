import type { Generated, Kysely, Selectable } from "kysely";
import { type InboundDatabase, withInboundTables } from "../inbound/inbound-tables.ts";
import type { Database } from "../store/index.ts";

// The front-desk and deliveries modules own these tables (migration 0007-inbound).

/** A person the organization talks to (A11). */
export interface ContactTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  created_at: string;
}

/** A contact's address on one App (a chat user id, a mail address). */
export interface ContactAddressTable {
  organization_id: number;
  app_id: number;
  address: string;
  contact_id: number;
}

/** An installation's own reply template (Handlebars), replacing the reference default. */
export interface FrontDeskTemplateTable {
  installation_id: string;
  template: string;
  updated_at: string;
}

/** `pending` (due at next_attempt_at), `delivered`, or `dead` after the last retry. */
export type DeliveryStatus = "pending" | "delivered" | "dead";

/** A reply on its way out through `/format` and `/deliver`: the durable outbox (A11). */
export interface DeliveryTable {
  id: Generated<number>;
  installation_id: string;
  contact_id: number | null;
  inbound_event_id: number | null;
  channel_address: string;
  thread_id: string | null;
  text: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  message_id: string | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  /** D514: the reply this one resends, and the Idempotency-Key it was resent with (migration 0021). */
  resent_from: number | null;
  resend_key: string | null;
}

export type FrontDeskTables = {
  contacts: ContactTable;
  contact_addresses: ContactAddressTable;
  front_desk_templates: FrontDeskTemplateTable;
  deliveries: DeliveryTable;
};
export type DeliveryRow = Selectable<DeliveryTable>;
export type FrontDeskDatabase = InboundDatabase & FrontDeskTables;

/** Views a core connection or transaction with the inbound and front-desk tables typed too. */
export function withFrontDeskTables(db: Kysely<Database>): Kysely<FrontDeskDatabase> {
  return withInboundTables(db).withTables<FrontDeskTables>();
}
