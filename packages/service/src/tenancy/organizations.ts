import type { Organization, Project } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database, OrganizationRow, ProjectRow } from "../store/index.ts";
import { isUniqueViolation } from "../store/index.ts";

/** Creates an organization; its name is unique (409 otherwise). */
export async function createOrganization(db: Kysely<Database>, name: string, now: Date): Promise<Organization> {
  try {
    return await db
      .insertInto("organizations")
      .values({ name, created_at: now.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError("conflict", `An organization named "${name}" exists.`);
    throw error;
  }
}

/** Creates a project in an organization (404 for an unknown organization, 409 for a taken name). */
export async function createProject(
  db: Kysely<Database>,
  input: { organizationId: number; name: string },
  now: Date,
): Promise<Project> {
  const organization = await db
    .selectFrom("organizations")
    .select("id")
    .where("id", "=", input.organizationId)
    .executeTakeFirst();
  if (organization === undefined) throw new ServiceError("not_found", `No organization ${input.organizationId}.`);
  try {
    return await db
      .insertInto("projects")
      .values({ organization_id: input.organizationId, name: input.name, created_at: now.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ServiceError("conflict", `Organization ${input.organizationId} has a project named "${input.name}".`);
    }
    throw error;
  }
}

/** An organization by its unique name, or undefined. */
export async function findOrganization(db: Kysely<Database>, name: string): Promise<Organization | undefined> {
  return db.selectFrom("organizations").selectAll().where("name", "=", name).executeTakeFirst();
}

/** Finds an organization by name, creating it when missing (for `adapterkit-service token create`). */
export async function ensureOrganization(db: Kysely<Database>, name: string, now: Date): Promise<OrganizationRow> {
  const found = await db.selectFrom("organizations").selectAll().where("name", "=", name).executeTakeFirst();
  if (found !== undefined) return found;
  await db
    .insertInto("organizations")
    .values({ name, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  return db.selectFrom("organizations").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
}

/** Finds a project of an organization by name, creating it when missing. */
export async function ensureProject(
  db: Kysely<Database>,
  organizationId: number,
  name: string,
  now: Date,
): Promise<ProjectRow> {
  const find = () =>
    db
      .selectFrom("projects")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .where("name", "=", name)
      .executeTakeFirst();
  const found = await find();
  if (found !== undefined) return found;
  await db
    .insertInto("projects")
    .values({ organization_id: organizationId, name, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(["organization_id", "name"]).doNothing())
    .execute();
  const created = await find();
  if (created === undefined) throw new Error(`project "${name}" vanished after insert`);
  return created;
}
