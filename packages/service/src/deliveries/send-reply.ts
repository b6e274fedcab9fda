import { appTarget } from "../adapters/app-target.ts";
import { callAdapter } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import type { DeliveryRow } from "../front-desk/front-desk-tables.ts";
import { withInstallationTables } from "../installations/installation-tables.ts";
import { installedApp } from "../installations/show-installation.ts";
import type { ServiceContext } from "../service-context.ts";

/** How one attempt ended: delivered with the platform's id, refused for good, or worth another try. */
export type SendOutcome =
  | { readonly kind: "delivered"; readonly messageId: string }
  | { readonly kind: "final"; readonly error: string }
  | { readonly kind: "retry"; readonly error: string };

/**
 * A11: one attempt at a reply: `/format` turns its Markdown into the platform's convention, then `/deliver` sends it
 * to the contact's address and thread, both through the A7 call module with the installation's credentials. The
 * delivery's id goes along as `Idempotency-Key`, so an adapter that honours it sends a retried reply once.
 */
export async function sendReply(context: ServiceContext, row: DeliveryRow): Promise<SendOutcome> {
  const installation = await withInstallationTables(context.store.db)
    .selectFrom("installations")
    .selectAll()
    .where("id", "=", row.installation_id)
    .executeTakeFirst();
  if (installation === undefined || installation.state !== "active") {
    return { kind: "final", error: "the installation is uninstalled" };
  }
  const { app, manifest } = await installedApp(context, installation);
  const credentials = await resolveCredentials(context, {
    scope: installationCredentialScope(installation, app),
    definitions: manifest.credentials ?? [],
  });
  const target = appTarget(context, app, {
    organizationId: installation.organization_id,
    projectId: installation.project_id,
  });
  try {
    const formatted = await callAdapter(context, target, "format", (client) =>
      client.format({ text: row.text, credentials }),
    );
    const message = { text: formatted.text, ...(row.thread_id === null ? {} : { thread_id: row.thread_id }) };
    const result = await callAdapter(context, target, "deliver", (client) =>
      client.deliver(
        { credentials, channel_address: row.channel_address, message },
        { headers: { "Idempotency-Key": `dlv_${row.id}` } },
      ),
    );
    if (result.ok) return { kind: "delivered", messageId: result.message_id };
    return result.retryable ? { kind: "retry", error: result.error } : { kind: "final", error: result.error };
  } catch (error) {
    return { kind: "retry", error: error instanceof Error ? error.message : String(error) };
  }
}
