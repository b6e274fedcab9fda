import { randomBytes } from "node:crypto";
import type { Fixtures } from "@adapterkit/conformance";
import { createHmacSha256Scheme, type HmacSha256Config, SIGNATURE_SCHEMES } from "@adapterkit/sdk";
import Handlebars from "handlebars";
import { withAppTables } from "../apps/app-tables.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { manageableInstallation } from "../installations/installation-access.ts";
import { installedApp } from "../installations/show-installation.ts";
import { readFixtures } from "../reviews/app-fixtures.ts";
import type { ServiceContext } from "../service-context.ts";
import { withInboundTables } from "./inbound-tables.ts";
import { type InboundAnswer, receiveInbound } from "./receive-inbound.ts";

/** The text a test event's `{{content}}` becomes, so it is recognisable where it lands. */
export const TEST_EVENT_CONTENT = "Test event sent from the adapterkit portal";

type Sample = NonNullable<Fixtures["inbound"]>["samples"][number];

/** The sample a test sends: the first signed message sample of the fixtures' inbound section, or undefined. */
export function testSampleOf(fixtures: Fixtures | undefined): Sample | undefined {
  return fixtures?.inbound?.samples.find((sample) => sample.signed !== false && sample.expect.kind === "message");
}

// The fixtures' templates, rendered as the runner renders them: every string a Handlebars template, no escaping.
function render(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    return value.includes("{{") ? Handlebars.compile(value, { noEscape: true, strict: false })(vars) : value;
  }
  if (Array.isArray(value)) return value.map((item) => render(item, vars));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, render(item, vars)]));
  }
  return value;
}

function bodyOf(request: Sample["request"]): Buffer {
  if (request.body === undefined) return Buffer.alloc(0);
  if (typeof request.body !== "string") return Buffer.from(JSON.stringify(request.body));
  return request.body_encoding === "base64" ? Buffer.from(request.body, "base64") : Buffer.from(request.body);
}

/**
 * D392 "Send a test event": the first signed message sample of the App's fixtures, its templates filled with the
 * installation's own credentials (as `credentials.good`, so the platform's secret is the one the installation
 * verifies with), signed with the fixtures' scheme, through the real inbound pipeline and marked as a test in the
 * log. A 409 when the App has no fixtures file or no such sample; the pipeline's own answers otherwise.
 */
export async function sendTestEvent(
  context: ServiceContext,
  principal: Principal,
  installationId: string,
): Promise<InboundAnswer> {
  const row = await manageableInstallation(context, principal, installationId);
  const app = await withAppTables(context.store.db)
    .selectFrom("apps")
    .select(["id", "slug"])
    .where("id", "=", row.app_id)
    .executeTakeFirstOrThrow();
  const fixtures = await readFixtures(context, app.id);
  const sample = testSampleOf(fixtures);
  if (fixtures === undefined || sample === undefined) {
    const why = fixtures === undefined ? "has no fixtures file" : "has no signed message sample in its fixtures";
    throw new ServiceError("conflict", `The App ${app.slug} ${why}; its author uploads one on the App's page.`);
  }
  const { manifest } = await installedApp(context, row);
  if (!(manifest.capabilities ?? []).includes("receive")) {
    throw new ServiceError("conflict", `The App ${app.slug} receives no events: its manifest does not list receive.`);
  }
  const { credentials } = await context.inboundCache.open(row.id).then((open) => open.call());
  const nowMs = context.now().getTime();
  const vars = {
    channel_address: typeof fixtures.channel_address === "string" ? fixtures.channel_address : "",
    credentials: { good: credentials },
    content: TEST_EVENT_CONTENT,
    platform_url: "http://127.0.0.1:9",
    now: Math.floor(nowMs / 1000),
    now_ms: nowMs,
    nonce: randomBytes(12).toString("base64url"),
  };
  const request = render(sample.request, vars) as Sample["request"];
  const body = bodyOf(request);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  const signing = fixtures.inbound?.signing;
  if (signing !== undefined) {
    const options = signing.options as HmacSha256Config | undefined;
    const scheme =
      signing.scheme === "hmac-sha256" && options !== undefined
        ? createHmacSha256Scheme(options)
        : SIGNATURE_SCHEMES[signing.scheme];
    const secret = String(render(signing.secret, vars));
    for (const [name, value] of Object.entries(scheme.sign({ secret, body }))) headers[name.toLowerCase()] = value;
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, item);
  }
  return receiveInbound(
    context,
    row.id,
    { method: request.method ?? "POST", path: request.path ?? "/", query, headers, body },
    { test: true },
  );
}

/** Which of these events of the log were tests sent from the portal (D392). */
export async function testEventIds(
  context: Pick<ServiceContext, "store">,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await withInboundTables(context.store.db)
    .selectFrom("inbound_events")
    .select("id")
    .where("id", "in", [...ids])
    .where("is_test", "=", 1)
    .execute();
  return new Set(rows.map((row) => row.id));
}
