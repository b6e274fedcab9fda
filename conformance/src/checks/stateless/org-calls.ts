import type { AdapterClient } from "@adapterkit/client";
import { ADAPTER_ENDPOINTS, type AdapterEndpointId, hasCapability, type Manifest } from "@adapterkit/contract";
import type { ConformanceContext } from "../../context.ts";
import { safeRequirement } from "../shared/required-posts.ts";

/** One organization of a statelessness check: its own client (context headers) and credentials. */
export interface Org {
  readonly name: "A" | "B";
  readonly client: AdapterClient;
  readonly credentials: Readonly<Record<string, unknown>>;
  /** A token unique to this org and run, put into texts so its deliveries can be told apart. */
  readonly tag: string;
}

/** A call one organization makes, and the part of its answer that must not depend on anything but its input. */
export interface OrgCall {
  readonly org: Org;
  readonly endpoint: AdapterEndpointId;
  readonly body: unknown;
  /** The answer reduced to what must be reproducible (message ids are fresh on every delivery). */
  readonly comparable: (value: unknown) => unknown;
}

/** Statelessness needs two organizations' valid credentials. */
export function statelessApplies(_manifest: Manifest, ctx: ConformanceContext): true | string {
  if (Object.keys(ctx.fixtures.credentials.good).length === 0) return "the fixtures give no credentials.good";
  if (ctx.fixtures.credentials.other === undefined)
    return "the fixtures give no credentials.other (a second organization)";
  if (callsOf(ctx, twoOrgs(ctx)[0]).length === 0)
    return "the adapter requires none of /verify, /format and /deliver (or the fixtures give no channel_address), so there is no call to compare";
  return true;
}

/** The two organizations: A with `credentials.good`, B with `credentials.other`. */
export function twoOrgs(ctx: ConformanceContext): [Org, Org] {
  const make = (name: "A" | "B", template: Readonly<Record<string, unknown>>): Org => {
    const credentials = ctx.render(template);
    const client = ctx.clientFor({ organizationId: `org_conformance_${name.toLowerCase()}`, credentials });
    return { name, client, credentials, tag: `org-${name.toLowerCase()}-${ctx.nonce()}` };
  };
  return [make("A", ctx.fixtures.credentials.good), make("B", ctx.fixtures.credentials.other ?? {})];
}

/** The calls an organization makes: verify, format and (for `send`) deliver, each marked with its tag. */
export function callsOf(ctx: ConformanceContext, org: Org): OrgCall[] {
  const calls: OrgCall[] = [];
  const required = (id: AdapterEndpointId) =>
    ADAPTER_ENDPOINTS.some((endpoint) => endpoint.id === id && safeRequirement(endpoint, ctx.manifest) === "required");
  if (required("verify"))
    calls.push({ org, endpoint: "verify", body: { credentials: org.credentials }, comparable: (value) => value });
  if (required("format")) {
    calls.push({
      org,
      endpoint: "format",
      body: { text: `**${org.tag}** says _hello_`, credentials: org.credentials },
      comparable: (value) => value,
    });
  }
  if (hasCapability(ctx.manifest, "send") && ctx.fixtures.channel_address !== undefined) {
    calls.push({
      org,
      endpoint: "deliver",
      body: {
        credentials: org.credentials,
        channel_address: ctx.render(ctx.fixtures.channel_address),
        message: { text: `stateless probe ${org.tag}` },
      },
      comparable: (value) => ({ ok: (value as { ok?: unknown } | undefined)?.ok }),
    });
  }
  return calls;
}

/** What one call produced, reduced for comparison: the status and the comparable part of the body. */
export async function perform(call: OrgCall): Promise<string> {
  const result = await call.org.client.call(call.endpoint, call.body);
  const status = result.response?.status ?? 0;
  let body: unknown;
  try {
    body = result.response === null ? undefined : JSON.parse(result.response.text);
  } catch {
    body = result.response?.text;
  }
  return JSON.stringify({ status, body: status >= 200 && status < 300 ? call.comparable(body) : body });
}
