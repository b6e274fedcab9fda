import { randomBytes } from "node:crypto";
import type { Fixtures } from "@adapterkit/conformance";
import { INBOUND_OUTCOMES, type ProblemIssue } from "@adapterkit/contract";
import type { Principal } from "../../auth/principal.ts";
import { projectOfPrincipal } from "../../auth/project-of-principal.ts";
import { ServiceError } from "../../errors/service-error.ts";
import { listInstallationDeliveries } from "../../front-desk/list-installation-deliveries.ts";
import { readPageQuery } from "../../http/page.ts";
import { type HandshakeCheck, handshakeSampleOf } from "../../inbound/check-handshake.ts";
import { listInstallationEvents } from "../../inbound/list-installation-events.ts";
import { listSeenEventTypes } from "../../inbound/list-seen-event-types.ts";
import { EVENT_FILTER_PARAMS } from "../../inbound/read-event-filter.ts";
import { testSampleOf } from "../../inbound/send-test-event.ts";
import { readableInstallation } from "../../installations/installation-access.ts";
import { installedApp, showInstallation } from "../../installations/show-installation.ts";
import { listAttempts } from "../../outbound-records/list-attempts.ts";
import { toAttemptJson } from "../../outbound-records/to-attempt-json.ts";
import { readFixtures } from "../../reviews/app-fixtures.ts";
import type { ServiceContext } from "../../service-context.ts";
import { listInstallationTriggers } from "../../triggers/list-installation-triggers.ts";
import { listWorkflows } from "../../workflows/list-workflows.ts";
import { type PortalAnswer, type PortalRoute, page, sessionOf } from "../portal-route.ts";
import { credentialFormOf } from "./credential-form-of.ts";
import { eventPath, installationPath } from "./installation-paths.ts";
import { isResendable, toAttemptRows } from "./to-attempt-rows.ts";

/**
 * The event types the trigger form offers: those the App's fixtures say its message samples become (its author's
 * own list, as a manifest declares none), then those the installation has received; typing another stays allowed.
 */
function offeredEventTypes(fixtures: Fixtures | undefined, seen: readonly string[]): string[] {
  const declared = (fixtures?.inbound?.samples ?? []).map((sample) => sample.expect.event_type);
  return [...new Set([...declared.filter((type): type is string => typeof type === "string" && type !== ""), ...seen])];
}

/** What an action adds to the installation's page: a notice, or the trigger form's refusal and what was typed. */
export interface InstallationPageExtras {
  readonly notice?: string | undefined;
  readonly triggerError?: string | undefined;
  readonly triggerIssues?: readonly ProblemIssue[] | undefined;
  readonly triggerValues?: Readonly<Record<string, string>> | undefined;
  readonly testError?: string | undefined;
  readonly handshake?: HandshakeCheck | undefined;
  readonly handshakeError?: string | undefined;
  readonly deliveryError?: string | undefined;
  readonly credentialsError?: string | undefined;
  readonly credentialsIssues?: readonly ProblemIssue[] | undefined;
}

/** The two lists' cursors a page of the installation shows (its events' and its deliveries'), and the events' filter. */
interface PageCursors {
  readonly cursor?: string | null | undefined;
  readonly deliveries_cursor?: string | null | undefined;
  readonly [filter: string]: string | null | undefined;
}

/** A link to the installation's page with these cursors, landing on the section that was paged (D457). */
function pageLink(path: string, cursors: PageCursors, section: string): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(cursors)) if (value) query.set(name, value);
  return `${path}${query.size === 0 ? "" : `?${query}`}#${section}`;
}

/** The deliveries' page the query asks for, a refused cursor named as the page's own parameter. */
function readDeliveriesPage(query: URLSearchParams): ReturnType<typeof readPageQuery> {
  try {
    return readPageQuery(query);
  } catch {
    const message = "deliveries_cursor: not a cursor this page returned";
    throw new ServiceError("invalid_request", message, { errors: [{ path: "/deliveries_cursor", message }] });
  }
}

/** Why a check of the inbound URL cannot be sent, or undefined when it can (D458). */
function handshakeUnavailable(state: string, receives: boolean, fixtures: unknown, hasSample: boolean) {
  if (state !== "active") return "The installation is uninstalled.";
  if (!receives) return "The App receives no events (its manifest's capabilities do not include receive).";
  if (fixtures === undefined) {
    return "The App has no fixtures file to take its handshake sample from; its author uploads one on the App's page.";
  }
  if (!hasSample) {
    return "The App's fixtures have no handshake sample (one whose expect.kind is handshake): its platform may ask for none, or its author has not added one, so there is nothing to check the inbound URL with.";
  }
  return undefined;
}

function issueOf(issues: readonly ProblemIssue[] | undefined, field: string): string | undefined {
  return issues?.find((issue) => issue.path.replace(/^\//, "").split("/")[0] === field)?.message;
}

/**
 * An installation's own page (D382): its version, inbound URL, front desk, inbound events (paged by the API's
 * cursor), front-desk deliveries, app-event triggers and the form to change its credentials in place (D560). Read as the API reads it: another project's or
 * organization's installation is a 404.
 */
export async function installationPage(
  context: ServiceContext,
  principal: Principal,
  input: { id: string; query: URLSearchParams; deliveries?: URLSearchParams },
  extras: InstallationPageExtras = {},
  status = 200,
): Promise<PortalAnswer> {
  const row = await readableInstallation(context, principal, input.id);
  const projectId = await projectOfPrincipal(context, principal);
  const deliveryPage = readDeliveriesPage(input.deliveries ?? new URLSearchParams());
  const [installation, { app, manifest }, events, deliveries, triggers, workflows] = await Promise.all([
    showInstallation(context, row),
    installedApp(context, row),
    listInstallationEvents(context, principal, { id: row.id, query: input.query }),
    listInstallationDeliveries(context.store.db, row.id, deliveryPage),
    listInstallationTriggers(context.store.db, { organizationId: principal.organizationId, projectId }, row.id),
    listWorkflows(context.store.db, principal),
  ]);
  const [fixtures, credentialForm, attempts, seenTypes] = await Promise.all([
    readFixtures(context, app.id),
    credentialFormOf(context, row, app, extras.credentialsIssues),
    listAttempts(
      context.store.db,
      "reply_attempts",
      deliveries.items.map((delivery) => delivery.id),
    ),
    listSeenEventTypes(context.store.db, row.id),
  ]);
  const receives = (manifest.capabilities ?? []).includes("receive");
  const path = installationPath(row.id);
  const filter = Object.fromEntries(EVENT_FILTER_PARAMS.map((name) => [name, input.query.get(name) ?? ""]));
  const cursors = {
    ...filter,
    cursor: input.query.get("cursor"),
    deliveries_cursor: input.deliveries?.get("cursor"),
  };
  const handshakeReason = handshakeUnavailable(
    installation.state,
    receives,
    fixtures,
    handshakeSampleOf(fixtures) !== undefined,
  );
  const issues = extras.triggerIssues;
  const values = extras.triggerValues ?? {};
  return page(
    "installation",
    { title: `${manifest.name} installation ${row.id}`, section: "marketplace" },
    {
      notice: extras.notice,
      installation: {
        ...installation,
        name: manifest.name,
        active: installation.state === "active",
        published: app.published_version,
        ownApp: app.organization_id === principal.organizationId,
      },
      path,
      credentials: { ...credentialForm, error: extras.credentialsError },
      events: events.items.map((event) => ({
        ...event,
        href: eventPath(row.id, event.id),
        outcomeLabel: event.outcome.replaceAll("_", " "),
      })),
      filter: {
        ...filter,
        active: Object.values(filter).some((value) => value !== ""),
        outcomes: INBOUND_OUTCOMES.map((value) => ({
          value,
          label: value.replaceAll("_", " "),
          selected: value === filter.outcome,
        })),
      },
      olderEvents:
        events.next_cursor === null
          ? undefined
          : pageLink(path, { ...cursors, cursor: events.next_cursor }, "events-heading"),
      newestEvents: cursors.cursor ? pageLink(path, { ...cursors, cursor: null }, "events-heading") : undefined,
      deliveryError: extras.deliveryError,
      olderDeliveries:
        deliveries.next_cursor === null
          ? undefined
          : pageLink(path, { ...cursors, deliveries_cursor: deliveries.next_cursor }, "deliveries-heading"),
      newestDeliveries: cursors.deliveries_cursor
        ? pageLink(path, { ...cursors, deliveries_cursor: null }, "deliveries-heading")
        : undefined,
      handshake: {
        available: handshakeReason === undefined,
        reason: handshakeReason,
        result: extras.handshake,
        error: extras.handshakeError,
      },
      deliveries: deliveries.items.map((delivery) => ({
        id: delivery.id,
        label: `reply ${delivery.id}`,
        status: delivery.status,
        to: delivery.channel_address,
        created: delivery.created_at,
        delivered: delivery.delivered_at,
        error: delivery.last_error ?? "",
        resentFrom: delivery.resent_from,
        // D516: the attempts folded under the row, and a Resend form with a key of its own.
        attempts: toAttemptRows((attempts.get(delivery.id) ?? []).map(toAttemptJson)),
        resendable: installation.state === "active" && isResendable(delivery.status),
        resendAction: `${path}/replies/${delivery.id}/resend`,
        resendKey: randomBytes(12).toString("base64url"),
      })),
      test: {
        available: installation.state === "active" && receives && testSampleOf(fixtures) !== undefined,
        reason:
          installation.state !== "active"
            ? "The installation is uninstalled."
            : !receives
              ? "The App receives no events (its manifest's capabilities do not include receive)."
              : fixtures === undefined
                ? "The App has no fixtures file to take a sample from; its author uploads one on the App's page."
                : "The App's fixtures have no signed message sample to send.",
        error: extras.testError,
      },
      triggers,
      trigger: {
        workflows: workflows.map((workflow) => ({
          id: workflow.id,
          name: workflow.name,
          stages: workflow.stages.map((stage) => stage.name).join(", "),
          selected: String(workflow.id) === values.workflow_id,
        })),
        eventTypes: offeredEventTypes(fixtures, seenTypes),
        stages: [...new Set(workflows.flatMap((workflow) => workflow.stages.map((stage) => stage.name)))],
        values,
        error: extras.triggerError,
        errors: {
          name: issueOf(issues, "name"),
          event_type: issueOf(issues, "event_type"),
          target_stage: issueOf(issues, "target_stage"),
          event_filter: issueOf(issues, "event_filter"),
        },
      },
    },
    status,
  );
}

function noticeOf(query: URLSearchParams): string | undefined {
  if (query.get("installed") !== null) return "Installed. Give the platform the inbound URL below.";
  if (query.get("trigger") !== null) return "The app-event trigger was created.";
  const tested = query.get("tested");
  if (tested !== null) {
    return `The test event went through the inbound pipeline: ${/^[a-z_]{1,40}$/.test(tested) ? tested.replaceAll("_", " ") : "done"}. It is first in the log below.`;
  }
  const resent = query.get("resent");
  if (resent !== null && /^[1-9][0-9]{0,15}$/.test(resent)) return `Reply ${resent} is on its way: it is due now.`;
  const credentials = query.get("credentials");
  if (credentials === "kept") return "The adapter's /verify accepted the credentials; they replace the stored ones.";
  const moved = /^moved-([1-9][0-9]{0,8})$/.exec(credentials ?? "");
  if (moved)
    return `The adapter's /verify accepted the credentials, and the installation moved to version ${moved[1]}.`;
  if (query.get("front_desk") !== null) return `The front desk is ${query.get("front_desk") === "on" ? "on" : "off"}.`;
  return undefined;
}

/** `GET /marketplace/installations/:id`. */
export const installationDetail: PortalRoute = {
  method: "GET",
  pattern: "/marketplace/installations/:id",
  signedIn: true,
  async handle(request, context) {
    const [query, deliveries] = [new URLSearchParams(), new URLSearchParams()];
    for (const name of ["cursor", ...EVENT_FILTER_PARAMS]) {
      const value = request.query.get(name);
      if (value !== null && value !== "") query.set(name, value);
    }
    const deliveriesCursor = request.query.get("deliveries_cursor");
    if (deliveriesCursor !== null) deliveries.set("cursor", deliveriesCursor);
    return installationPage(
      context,
      sessionOf(request).principal,
      { id: request.params.id ?? "", query, deliveries },
      { notice: noticeOf(request.query) },
    );
  },
};
