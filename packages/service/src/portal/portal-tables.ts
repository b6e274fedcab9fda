import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";

// The portal module owns this table (migration 0010-portal).

/** A signed-in browser: the SHA-256 of its cookie's id, the API token it acts as, and when it lapses. */
export interface PortalSessionTable {
  id_sha256: string;
  token_id: number;
  organization_id: number;
  created_at: string;
  expires_at: string;
}

export type PortalTables = { portal_sessions: PortalSessionTable };

/** Views a core connection with the portal's table typed too. */
export function withPortalTables(db: Kysely<Database>): Kysely<Database & PortalTables> {
  return db.withTables<PortalTables>();
}
