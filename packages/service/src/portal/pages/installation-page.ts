import type { ProblemIssue } from "@adapterkit/contract";
import type { Principal } from "../../auth/principal.ts";
import { projectOfPrincipal } from "../../auth/project-of-principal.ts";
import { listInstallationDeliveries } from "../../front-desk/list-installation-deliveries.ts";
import { listInstallationEvents } from "../../inbound/list-installation-events.ts";
import { testEventIds, testSampleOf } from "../../inbound/send-test-event.ts";
import { readableInstallation } from "../../installations/installation-access.ts";
import { installedApp, showInstallation } from "../../installations/show-installation.ts";
import { readFixtures } from "../../reviews/app-fixtures.ts";
import type { ServiceContext } from "../../service-context.ts";
import { listInstallationTriggers } from "../../triggers/list-installation-triggers.ts";
import { listWorkflows } from "../../workflows/list-workflows.ts";
import { type PortalAnswer, type PortalRoute, page, sessionOf } from "../portal-route.ts";

/** What an action adds to the installation's page: a notice, or the trigger form's refusal and what was typed. */
export interface InstallationPageExtras {
  readonly notice?: string | undefined;
  readonly triggerError?: string | undefined;
  readonly triggerIssues?: readonly ProblemIssue[] | undefined;
  readonly triggerValues?: Readonly<Record<string, string>> | undefined;
  readonly testError?: string | undefined;
}

/** The path of an installation's page. */
export const installationPath = (id: string) => `/marketplace/installations/${encodeURIComponent(id)}`;

function issueOf(issues: readonly ProblemIssue[] | undefined, field: string): string | undefined {
  return issues?.find((issue) => issue.path.replace(/^\//, "").split("/")[0] === field)?.message;
}

/**
 * An installation's own page (D382): its version, inbound URL, front desk, inbound events (paged by the API's
 * cursor), front-desk deliveries and app-event triggers. Read as the API reads it: another project's or
 * organization's installation is a 404.
 */
export async function installationPage(
  context: ServiceContext,
  principal: Principal,
  input: { id: string; query: URLSearchParams },
  extras: InstallationPageExtras = {},
  status = 200,
): Promise<PortalAnswer> {
  const row = await readableInstallation(context, principal, input.id);
  const projectId = await projectOfPrincipal(context, principal);
  const [installation, { app, manifest }, events, deliveries, triggers, workflows] = await Promise.all([
    showInstallation(context, row),
    installedApp(context, row),
    listInstallationEvents(context, principal, { id: row.id, query: input.query }),
    listInstallationDeliveries(context.store.db, row.id),
    listInstallationTriggers(context.store.db, { organizationId: principal.organizationId, projectId }, row.id),
    listWorkflows(context.store.db, principal),
  ]);
  const [tests, fixtures] = await Promise.all([
    testEventIds(
      context,
      events.items.map((event) => event.id),
    ),
    readFixtures(context, app.id),
  ]);
  const receives = (manifest.capabilities ?? []).includes("receive");
  const path = installationPath(row.id);
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
      events: events.items.map((event) => ({
        ...event,
        outcomeLabel: event.outcome.replaceAll("_", " "),
        test: tests.has(event.id),
      })),
      olderEvents: events.next_cursor === null ? undefined : `${path}?cursor=${events.next_cursor}`,
      newestEvents: input.query.get("cursor") === null ? undefined : path,
      deliveries: deliveries.map((delivery) => ({
        id: delivery.id,
        status: delivery.status,
        to: delivery.channel_address,
        attempts: delivery.attempts,
        created: delivery.created_at,
        delivered: delivery.delivered_at ?? "—",
        error: delivery.last_error ?? "",
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
  if (query.get("trigger") !== null) return "The app-event trigger was created.";
  const tested = query.get("tested");
  if (tested !== null) {
    return `The test event went through the inbound pipeline: ${/^[a-z_]{1,40}$/.test(tested) ? tested.replaceAll("_", " ") : "done"}. It is first in the log below.`;
  }
  if (query.get("front_desk") !== null) return `The front desk is ${query.get("front_desk") === "on" ? "on" : "off"}.`;
  return undefined;
}

/** `GET /marketplace/installations/:id`. */
export const installationDetail: PortalRoute = {
  method: "GET",
  pattern: "/marketplace/installations/:id",
  signedIn: true,
  async handle(request, context) {
    const query = new URLSearchParams();
    const cursor = request.query.get("cursor");
    if (cursor !== null) query.set("cursor", cursor);
    return installationPage(
      context,
      sessionOf(request).principal,
      { id: request.params.id ?? "", query },
      { notice: noticeOf(request.query) },
    );
  },
};
