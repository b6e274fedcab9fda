import type { Kysely } from "kysely";
import { appSecretContext } from "../apps/app-signing-secret.ts";
import { withAppTables } from "../apps/app-tables.ts";
import { decryptSecret, encryptSecret } from "../auth/secret-box.ts";
import type { ServiceKeys } from "../auth/service-keys.ts";
import { callbackSecretContext } from "../callbacks/callback-secret.ts";
import { withCallbackTables } from "../callbacks/callback-tables.ts";
import { withCredentialTables } from "../credentials/credential-tables.ts";
import { openFields, sealFields } from "../credentials/seal-fields.ts";
import { fixturesSecretContext } from "../reviews/app-fixtures.ts";
import { withReviewTables } from "../reviews/review-tables.ts";
import type { Database } from "../store/index.ts";
import { openHeaders, sealHeaders } from "../tool-servers/seal-headers.ts";
import { withToolServerTables } from "../tool-servers/tool-server-tables.ts";
import { sealWebhookToken, unsealWebhookToken } from "../triggers/webhook-token.ts";

/** How many sealed values a re-seal rewrote, by kind. */
export interface ResealCount {
  webhookTokens: number;
  callbackSecrets: number;
  appSecrets: number;
  credentials: number;
  toolServerHeaders: number;
  /** A2: Apps' conformance fixtures files (they carry credentials for /verify). */
  fixtures: number;
}

/**
 * D116: opens every secret the service keeps sealed (webhook tokens, callback secrets, App signing secrets, credential
 * fields, tool server headers, Apps' fixtures files) with whichever key of the ring sealed it and seals it again under the ring's first key, in one transaction,
 * so either all move to the new key or none do. Throws, changing nothing, when a value was sealed under a key the
 * ring lacks.
 */
export async function resealSecrets(db: Kysely<Database>, keys: ServiceKeys): Promise<ResealCount> {
  return db.transaction().execute(async (trx) => {
    const count: ResealCount = {
      webhookTokens: 0,
      callbackSecrets: 0,
      appSecrets: 0,
      credentials: 0,
      toolServerHeaders: 0,
      fixtures: 0,
    };
    const triggers = await trx
      .selectFrom("triggers")
      .select(["id", "webhook_token_enc"])
      .where("webhook_token_enc", "is not", null)
      .execute();
    for (const row of triggers) {
      const sealed = sealWebhookToken(keys, unsealWebhookToken(keys, row.webhook_token_enc ?? ""));
      await trx.updateTable("triggers").set({ webhook_token_enc: sealed }).where("id", "=", row.id).execute();
      count.webhookTokens += 1;
    }
    const reseal = (sealed: string | null, context: string) =>
      sealed === null ? null : encryptSecret(keys, decryptSecret(keys, sealed, context), context);
    const callbacks = withCallbackTables(trx);
    for (const row of await callbacks.selectFrom("callback_secrets").selectAll().execute()) {
      const context = callbackSecretContext(row.organization_id);
      await callbacks
        .updateTable("callback_secrets")
        .set({
          secret_enc: reseal(row.secret_enc, context) ?? "",
          previous_secret_enc: reseal(row.previous_secret_enc, context),
        })
        .where("organization_id", "=", row.organization_id)
        .execute();
      count.callbackSecrets += 1;
    }
    const apps = withAppTables(trx);
    for (const row of await apps
      .selectFrom("apps")
      .select(["id", "slug", "signing_secret_enc", "previous_signing_secret_enc"])
      .execute()) {
      const context = appSecretContext(row.slug);
      await apps
        .updateTable("apps")
        .set({
          signing_secret_enc: reseal(row.signing_secret_enc, context) ?? "",
          previous_signing_secret_enc: reseal(row.previous_signing_secret_enc, context),
        })
        .where("id", "=", row.id)
        .execute();
      count.appSecrets += 1;
    }
    const credentials = withCredentialTables(trx);
    for (const row of await credentials
      .selectFrom("credentials")
      .select(["id", "organization_id", "key", "fields_enc"])
      .execute()) {
      const at = { organizationId: row.organization_id, key: row.key };
      const fields_enc = sealFields(keys, at, openFields(keys, at, row.fields_enc));
      await credentials.updateTable("credentials").set({ fields_enc }).where("id", "=", row.id).execute();
      count.credentials += 1;
    }
    const toolServers = withToolServerTables(trx);
    for (const row of await toolServers
      .selectFrom("tool_servers")
      .select(["id", "skill_id", "headers_enc"])
      .where("headers_enc", "is not", null)
      .execute()) {
      const skillId = Number(row.skill_id);
      const headers_enc = sealHeaders(keys, skillId, openHeaders(keys, skillId, row.headers_enc));
      await toolServers.updateTable("tool_servers").set({ headers_enc }).where("id", "=", row.id).execute();
      count.toolServerHeaders += 1;
    }
    const reviews = withReviewTables(trx);
    for (const row of await reviews.selectFrom("app_fixtures").select(["app_id", "text_enc"]).execute()) {
      const text_enc = reseal(row.text_enc, fixturesSecretContext(row.app_id)) ?? "";
      await reviews.updateTable("app_fixtures").set({ text_enc }).where("app_id", "=", row.app_id).execute();
      count.fixtures += 1;
    }
    return count;
  });
}
