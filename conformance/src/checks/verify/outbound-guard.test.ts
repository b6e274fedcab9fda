import { defineAdapter, defineManifest, OUTBOUND_UNREACHABLE } from "@adapterkit/sdk";
import { describe, expect, it } from "vitest";
import { failuresOf } from "../../../test/broken/behaviour-run.ts";
import { runAgainstAdapter } from "../../../test/run-against-adapter.ts";

const manifest = (field: string) =>
  defineManifest({
    schema_version: "1.0",
    name: "Planted",
    slug: "planted",
    credentials: [{ key: "planted", type: "text", fields: [{ name: field, label: field }] }],
  });

const fixtures = (field: string) => ({
  credentials: { good: { [field]: "https://platform.example/api/" }, bad: { [field]: "https://platform.example/x/" } },
});

const ONLY = { only: ["verify.outbound-guard"] };

function checkOf(report: Awaited<ReturnType<typeof runAgainstAdapter>>["report"]) {
  return report.checks.find((check) => check.id === "verify.outbound-guard");
}

describe("verify.outbound-guard", () => {
  it("fails an adapter that connects to the loopback address a credential names, and says where", async () => {
    const connectsAnyway = defineAdapter({
      manifest: manifest("base_url"),
      verify: async ({ credentials }) => {
        await fetch(String(credentials.base_url)).catch(() => undefined);
        return { ok: false, error: "not a platform" };
      },
    });
    const { report } = await runAgainstAdapter(connectsAnyway, { fixtures: fixtures("base_url"), ...ONLY });
    expect(checkOf(report)?.status).toBe("failed");
    expect(failuresOf(report, "verify.outbound-guard")).toMatchObject([
      { pointer: "/credentials/base_url", message: expect.stringContaining("connected to the loopback address") },
    ]);
  });

  it("passes an adapter that connects through context.outbound, for a URL and for a host with its port", async () => {
    for (const field of ["base_url", "smtp_host"]) {
      const guarded = defineAdapter({
        manifest: manifest(field),
        verify: async ({ credentials }, context) => {
          const target = Object.values(credentials)[0] ?? "";
          const url = field === "base_url" ? target : `http://${target}/`;
          return context.outbound.fetch(url).then(
            () => ({ ok: true as const, user: "planted" }),
            () => ({ ok: false as const, error: OUTBOUND_UNREACHABLE }),
          );
        },
      });
      const { report } = await runAgainstAdapter(guarded, { fixtures: fixtures(field), ...ONLY });
      expect(checkOf(report)?.status).toBe("passed");
    }
  });

  it("is not applicable, saying why, when no credential field names a URL or a host", async () => {
    const offline = defineAdapter({ manifest: manifest("token"), verify: async () => ({ ok: false, error: "no" }) });
    const { report } = await runAgainstAdapter(offline, { fixtures: fixtures("token"), ...ONLY });
    expect(checkOf(report)).toMatchObject({
      status: "not_applicable",
      reason: expect.stringContaining("no credential field names a URL or a host"),
    });
  });
});
