import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import { pathId } from "../http/path-id.ts";
import type { Database } from "../store/index.ts";

/**
 * D106: the organization whose callback secret the admin asks for, by its `{id}`; 404 when there is none (the secret
 * would otherwise be created for an organization that does not exist).
 */
export async function secretOrganization(
  db: Kysely<Database>,
  params: Readonly<Record<string, string>>,
): Promise<number> {
  const id = pathId(params, "organization");
  const found = await db.selectFrom("organizations").select("id").where("id", "=", id).executeTakeFirst();
  if (found === undefined) throw new ServiceError("not_found", `No organization ${id}.`);
  return found.id;
}
