import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";

/** D563: the names of the organizations that publish these Apps, by organization id, for the portal to show. */
export async function publisherNames(
  db: Kysely<Database>,
  organizationIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("organizations").select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** How the portal names an App's publisher to an organization: by name, and "your organization" for its own. */
export function publisherLabel(names: ReadonlyMap<number, string>, publisherId: number, viewerId: number): string {
  const name = names.get(publisherId) ?? `organization ${publisherId}`;
  return publisherId === viewerId ? `${name} (your organization)` : name;
}
