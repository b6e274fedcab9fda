import type { ClientResult } from "@adapterkit/client";
import type { AttemptErrorClass } from "@adapterkit/contract";
import { appTarget } from "../adapters/app-target.ts";
import { adapterClientFor, callAdapter, settleAdapterCall } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import { isServiceError } from "../errors/service-error.ts";
import type { DeliveryRow } from "../front-desk/front-desk-tables.ts";
import { withInstallationTables } from "../installations/installation-tables.ts";
import { installedApp } from "../installations/show-installation.ts";

/** What an attempt's record shows of the adapter's answer (D510–D512). */
export interface ReplyAttemptDetail {
  readonly httpStatus: number | null;
  readonly errorClass: AttemptErrorClass | null;
  readonly answer: string | null;
}

/**
 * How one attempt ended: delivered with the platform's id, refused for good, or worth another try (not before
 * `retryAfterMs` when the platform said how long to wait).
 */
export type SendOutcome = (
  | { readonly kind: "delivered"; readonly messageId: string }
  | { readonly kind: "final"; readonly error: string }
  | { readonly kind: "retry"; readonly error: string; readonly retryAfterMs?: number | undefined }
) & { readonly detail?: ReplyAttemptDetail };

/** The wait a `/deliver` refusal asks for: a 429 `rate_limited` error's `retry_after`, in ms (D536). */
function retryAfterMsOf(answer: ClientResult<unknown> | undefined): number | undefined {
  if (answer === undefined || answer.ok || answer.error.kind !== "http_status") return undefined;
  const { body } = answer.error;
  return body?.code === "rate_limited" && body.retry_after !== undefined ? body.retry_after * 1000 : undefined;
}

/**
 * A11: one attempt at a reply: `/format` turns its Markdown into the platform's convention, then `/deliver` sends it
 * to the contact's address and thread, both through the A7 call module with the installation's credentials. The
 * delivery's id goes along as `Idempotency-Key`, so an adapter that honours it sends a retried reply once.
 */
export async function sendReply(context: GroundContext, row: DeliveryRow): Promise<SendOutcome> {
  const installation = await withInstallationTables(context.store.db)
    .selectFrom("installations")
    .selectAll()
    .where("id", "=", row.installation_id)
    .executeTakeFirst();
  if (installation === undefined || installation.state !== "active") {
    const detail = { httpStatus: null, errorClass: "uninstalled" as const, answer: null };
    return { kind: "final", error: "the installation is uninstalled", detail };
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
  let delivered: ClientResult<unknown> | undefined;
  try {
    const formatted = await callAdapter(context, target, "format", (client) =>
      client.format({ text: row.text, credentials }),
    );
    const message = { text: formatted.text, ...(row.thread_id === null ? {} : { thread_id: row.thread_id }) };
    const client = adapterClientFor(context, target);
    const answered = await client.deliver(
      { credentials, channel_address: row.channel_address, message },
      { headers: { "Idempotency-Key": `dlv_${row.id}` } },
    );
    delivered = answered;
    await client.close();
    const result = settleAdapterCall(context, { target, endpoint: "deliver" }, answered);
    const answer = JSON.stringify(result);
    if (result.ok) {
      return { kind: "delivered", messageId: result.message_id, detail: { httpStatus: 200, errorClass: null, answer } };
    }
    const errorClass = result.retryable ? "adapter_retryable" : "adapter_refused";
    const detail = { httpStatus: 200, errorClass, answer } as const;
    return { kind: result.retryable ? "retry" : "final", error: result.error, detail };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: "retry",
      error: message,
      retryAfterMs: retryAfterMsOf(delivered),
      detail: classifyCallError(error, message),
    };
  }
}

/** An adapter call's failure as an attempt record classes it: the guard, a time-out, an HTTP status, the network. */
function classifyCallError(error: unknown, message: string): ReplyAttemptDetail {
  const code = isServiceError(error) ? error.code : undefined;
  if (code === "invalid_request") return { httpStatus: null, errorClass: "refused_by_guard", answer: null };
  if (code === "adapter_timeout") return { httpStatus: null, errorClass: "timeout", answer: null };
  const status = /\bHTTP (\d{3})\b/.exec(message)?.[1];
  if (status !== undefined) return { httpStatus: Number(status), errorClass: "http_status", answer: message };
  return { httpStatus: null, errorClass: "network_error", answer: null };
}
