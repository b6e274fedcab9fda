import { triggerCreateSchema } from "@adapterkit/contract";
import { toProblemIssues } from "../../errors/describe-issues.ts";
import { isServiceError, ServiceError } from "../../errors/service-error.ts";
import { checkHandshake } from "../../inbound/check-handshake.ts";
import { sendTestEvent } from "../../inbound/send-test-event.ts";
import { readableInstallation } from "../../installations/installation-access.ts";
import { createTrigger } from "../../triggers/create-trigger.ts";
import { type PortalRoute, redirect, sessionOf } from "../portal-route.ts";
import { installationPage } from "./installation-page.ts";
import { installationPath } from "./installation-paths.ts";

const TRIGGER_FIELDS = ["workflow_id", "name", "event_type", "target_stage", "message_contains", "sender"] as const;

/** The app-event trigger a form describes: the API's create body, with the filter only when a part of it is given. */
function toTriggerBody(installationId: string, values: Readonly<Record<string, string>>) {
  const filter = {
    ...(values.message_contains ? { message_contains: values.message_contains } : {}),
    ...(values.sender ? { sender: values.sender } : {}),
  };
  return {
    type: "app_event" as const,
    name: values.name,
    app_installation_id: installationId,
    event_type: values.event_type,
    target_stage: values.target_stage,
    ...(Object.keys(filter).length === 0 ? {} : { event_filter: filter }),
  };
}

/**
 * `POST /marketplace/installations/:id/triggers`: an app-event trigger (A10) for this installation on one of the
 * project's workflows, through the API's own create (D383); a refusal is shown beside the field it names.
 */
export const createInstallationTrigger: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/installations/:id/triggers",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const row = await readableInstallation(context, principal, request.params.id ?? "");
    const values: Record<string, string> = {};
    for (const field of TRIGGER_FIELDS) values[field] = (request.form.get(field) ?? "").trim();
    const again = (error: string, issues: ReturnType<typeof toProblemIssues>, status: number) =>
      installationPage(
        context,
        principal,
        { id: row.id, query: new URLSearchParams() },
        { triggerError: error, triggerIssues: issues, triggerValues: values },
        status,
      );
    const workflowId = /^[1-9][0-9]{0,15}$/.test(values.workflow_id ?? "") ? Number(values.workflow_id) : undefined;
    if (workflowId === undefined) return again("workflow_id: choose one of the project's workflows", [], 400);
    const parsed = triggerCreateSchema.safeParse(toTriggerBody(row.id, values));
    if (!parsed.success) {
      const issues = toProblemIssues(parsed.error.issues);
      return again(issues.map((issue) => issue.message).join("; "), issues, 400);
    }
    try {
      const json = { serviceKey: context.serviceKey, publicUrl: context.publicUrl() };
      await createTrigger(context.store.db, { principal, now: context.now(), json }, { workflowId, body: parsed.data });
    } catch (error) {
      if (!isServiceError(error) || error.code === "forbidden") throw error;
      // The workflow was a field of the form: one outside the project is named there, as a bad stage is.
      const status = error.code === "not_found" || error.code === "invalid_request" ? 400 : 409;
      return again(error.message, error.errors ?? [], status);
    }
    return redirect(`${installationPath(row.id)}?trigger=created`);
  },
};

/** Reads a front-desk switch's wanted position (400 for anything but on or off). */
export function readFrontDesk(value: string | undefined): boolean {
  if (value !== "on" && value !== "off") throw new ServiceError("invalid_request", "front_desk: expected on or off");
  return value === "on";
}

/**
 * `POST /marketplace/installations/:id/test-event`: a signed sample from the App's fixtures through the real inbound
 * pipeline (D392); the page again with the outcome, or with the pipeline's refusal (the event is in the log either way).
 */
export const sendInstallationTestEvent: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/installations/:id/test-event",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const id = request.params.id ?? "";
    try {
      const answer = await sendTestEvent(context, principal, id);
      const outcome = answer.kind === "event" ? answer.outcome : answer.kind;
      return redirect(`${installationPath(id)}?tested=${outcome}`);
    } catch (error) {
      if (!isServiceError(error) || error.code === "not_found" || error.code === "forbidden") throw error;
      const status = error.code === "conflict" ? 409 : 422;
      const page = { id, query: new URLSearchParams() };
      return installationPage(
        context,
        principal,
        page,
        { testError: `The test event was refused: ${error.message}` },
        status,
      );
    }
  },
};

/**
 * `POST /marketplace/installations/:id/handshake-check`: the App's handshake sample through the adapter as the inbound
 * URL would pass it (D458); the page again with how it went, or with why there is nothing to send (409).
 */
export const checkInstallationHandshake: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/installations/:id/handshake-check",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const page = { id: request.params.id ?? "", query: new URLSearchParams() };
    try {
      const handshake = await checkHandshake(context, principal, page.id);
      return installationPage(context, principal, page, { handshake });
    } catch (error) {
      if (!isServiceError(error) || error.code !== "conflict") throw error;
      return installationPage(context, principal, page, { handshakeError: error.message }, 409);
    }
  },
};
