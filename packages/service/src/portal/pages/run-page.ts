import { randomBytes } from "node:crypto";
import type { Principal } from "../../auth/principal.ts";
import { listRunCallbacks } from "../../callbacks/list-run-callbacks.ts";
import { resendCallback } from "../../callbacks/resend-callback.ts";
import { isServiceError, ServiceError } from "../../errors/service-error.ts";
import { getWorkflowRun } from "../../runs/get-workflow-run.ts";
import type { ServiceContext } from "../../service-context.ts";
import { parseIdParam } from "../../store/index.ts";
import { type PortalAnswer, type PortalRoute, page, redirect, sessionOf } from "../portal-route.ts";
import { readResendKey } from "./read-resend-key.ts";
import { isResendable, toAttemptRows } from "./to-attempt-rows.ts";

/** The path of a run's page. */
export const runPath = (id: number) => `/developer/runs/${id}`;

function runIdOf(value: string | undefined): number {
  const id = parseIdParam(value);
  if (id === undefined) throw new ServiceError("not_found", `No workflow run ${JSON.stringify(value ?? "")}.`);
  return id;
}

/**
 * D516: a run's page: its state and its callback deliveries, each with its attempts and, when dead or delivered, a
 * Resend button. Read as the API reads the run: another organization's is a 404, another project's a 403.
 */
async function runPage(
  context: ServiceContext,
  principal: Principal,
  id: number,
  extras: { notice?: string | undefined; error?: string | undefined } = {},
  status = 200,
): Promise<PortalAnswer> {
  const run = await getWorkflowRun(context.store.db, principal, id);
  const callbacks = await listRunCallbacks(context.store.db, principal, id);
  return page(
    "run",
    { title: `Workflow run ${run.id}`, section: "developer" },
    {
      ...extras,
      run: {
        id: run.id,
        workflow_id: run.workflow_id,
        status: run.status,
        created: run.created_at,
        finished: run.finished_at,
        error: run.error,
      },
      callbacks: callbacks.map((delivery) => ({
        id: delivery.id,
        label: `callback delivery ${delivery.id}`,
        event: delivery.event_type,
        url: delivery.url,
        status: delivery.status,
        created: delivery.created_at,
        resentFrom: delivery.resent_from,
        attempts: toAttemptRows(delivery.attempts),
        resendable: isResendable(delivery.status),
        resendAction: `${runPath(run.id)}/callbacks/${delivery.id}/resend`,
        resendKey: randomBytes(12).toString("base64url"),
      })),
    },
    status,
  );
}

/** `GET /developer/runs/:id`. */
export const runDetail: PortalRoute = {
  method: "GET",
  pattern: "/developer/runs/:id",
  signedIn: true,
  async handle(request, context) {
    const resent = parseIdParam(request.query.get("resent") ?? undefined);
    const notice = resent === undefined ? undefined : `Callback delivery ${resent} is on its way: it is due now.`;
    return runPage(context, sessionOf(request).principal, runIdOf(request.params.id), { notice });
  },
};

/**
 * `POST /developer/runs/:id/callbacks/:delivery/resend`: the API's resend (D514) with the form's key as its
 * Idempotency-Key; a delivery of another run is a 404, a pending one the page again with why (409).
 */
export const resendRunCallback: PortalRoute = {
  method: "POST",
  pattern: "/developer/runs/:id/callbacks/:delivery/resend",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const runId = runIdOf(request.params.id);
    const deliveryId = parseIdParam(request.params.delivery);
    const listed = await listRunCallbacks(context.store.db, principal, runId);
    if (deliveryId === undefined || !listed.some((delivery) => delivery.id === deliveryId)) {
      throw new ServiceError("not_found", `No callback delivery ${request.params.delivery ?? ""} of run ${runId}.`);
    }
    const key = readResendKey(request.form.get("key"));
    try {
      const db = context.store.db;
      const { delivery, replayed } = await resendCallback({ db, now: context.now() }, principal, {
        id: deliveryId,
        idempotencyKey: key,
      });
      if (!replayed) context.wakeCallbacks();
      return redirect(`${runPath(runId)}?resent=${delivery.id}#callbacks-heading`);
    } catch (error) {
      if (!isServiceError(error) || error.code !== "conflict") throw error;
      return runPage(context, principal, runId, { error: error.message }, 409);
    }
  },
};
