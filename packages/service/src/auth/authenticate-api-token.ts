import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { isApiTokenShape } from "./generate-token.ts";
import { hashToken, secretsEqual } from "./hash-token.ts";
import type { Principal } from "./principal.ts";

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="adapterkit"' };

/** Reads the token out of an `Authorization: Bearer …` header, or undefined. */
export function readBearer(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  return match?.[1];
}

/** Resolves an `Authorization` header to its principal, or throws a 401 that says what is wrong. */
export async function authenticateApiToken(db: Kysely<Database>, header: string | undefined): Promise<Principal> {
  const token = readBearer(header);
  if (token === undefined) {
    throw new ServiceError("unauthorized", "Missing bearer token; send Authorization: Bearer <API_TOKEN>.", {
      headers: CHALLENGE,
    });
  }
  const invalid = new ServiceError("unauthorized", "Invalid or revoked API token.", { headers: CHALLENGE });
  if (!isApiTokenShape(token)) throw invalid;
  const hash = hashToken(token);
  const row = await db
    .selectFrom("api_tokens")
    .select(["id", "organization_id", "project_id", "workflow_id", "token_hash", "revoked_at"])
    .where("token_hash", "=", hash)
    .executeTakeFirst();
  if (row === undefined || row.revoked_at !== null || !secretsEqual(row.token_hash, hash)) throw invalid;
  if (row.workflow_id !== null) {
    return {
      tokenId: row.id,
      organizationId: row.organization_id,
      scope: { type: "workflow", workflowId: row.workflow_id },
    };
  }
  if (row.project_id !== null) {
    return {
      tokenId: row.id,
      organizationId: row.organization_id,
      scope: { type: "project", projectId: row.project_id },
    };
  }
  throw invalid;
}
