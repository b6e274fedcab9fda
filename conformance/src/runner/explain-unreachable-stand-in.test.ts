import { defineAdapter, defineManifest, OUTBOUND_UNREACHABLE } from "@adapterkit/sdk";
import { startAdapter } from "@adapterkit/sdk/testing";
import { describe, expect, it } from "vitest";
import { startStandInPlatform } from "../platform/start-stand-in-platform.ts";
import { explainUnreachableStandIn } from "./explain-unreachable-stand-in.ts";
import { runConformance } from "./run-conformance.ts";

const SECRET = "whsec_Fu+lZ8rLD5nvyc9xRmOZi+CsGwuAS23x";

/** An adapter whose /verify asks the platform at credentials.base_url, through the SDK's guard. */
const asksPlatform = defineAdapter({
  manifest: defineManifest({
    schema_version: "1.0",
    name: "Asks platform",
    slug: "asks-platform",
    credentials: [{ key: "asks", type: "text", fields: [{ name: "base_url", label: "Base URL" }] }],
  }),
  verify: async ({ credentials }, context) =>
    context.outbound.fetch(`${credentials.base_url}/me`).then(
      (answer) =>
        answer.ok ? { ok: true as const, user: "asker" } : { ok: false as const, error: "the platform refused" },
      () => ({ ok: false as const, error: OUTBOUND_UNREACHABLE }),
    ),
});

const FIXTURES = {
  credentials: { good: { base_url: "{{platform_url}}" }, bad: { base_url: "{{platform_url}}/revoked" } },
  platform: { routes: [{ method: "GET", path: "/me", status: 200, body: { user: "asker" } }] },
};

async function verifyRun(allowedHosts: readonly string[] | "stand-in") {
  const platform = await startStandInPlatform();
  const served = await startAdapter(asksPlatform, {
    signingSecret: SECRET,
    allowedHosts: allowedHosts === "stand-in" ? [new URL(platform.url).host] : allowedHosts,
  });
  try {
    const report = await runConformance({
      adapterUrl: served.url,
      fixtures: FIXTURES,
      platform,
      signingSecret: SECRET,
      only: ["verify.good-credentials"],
    });
    const check = report.checks.find((result) => result.id === "verify.good-credentials");
    return { check, host: new URL(platform.url).host };
  } finally {
    await served.close();
    await platform.close();
  }
}

describe("explainUnreachableStandIn", () => {
  it("tells why the stand-in is unreachable when the guard refused it, and how to allow it", async () => {
    const { check, host } = await verifyRun([]);
    expect(check?.status).toBe("failed");
    expect(check?.failures[0]?.message).toContain(`saw no request in the whole run`);
    expect(check?.failures[0]?.message).toContain(`ADAPTER_ALLOWED_HOSTS=${host}`);
  });

  it("adds nothing when the adapter is allowed to reach the stand-in", async () => {
    const { check } = await verifyRun("stand-in");
    expect(check).toMatchObject({ status: "passed", failures: [] });
  });

  it("adds nothing to a could-not-connect failure when the stand-in saw requests", () => {
    const failure = { endpoint: "POST /verify", message: `good credentials did not verify: ${OUTBOUND_UNREACHABLE}` };
    const results = [{ id: "verify.good-credentials", failures: [failure] }] as never;
    const platform = { url: "http://127.0.0.1:1", deliveries: () => [{} as never] };
    expect(explainUnreachableStandIn(results, platform)).toBe(results);
  });
});
