import { isIP } from "node:net";
import {
  type Adapter,
  defineAdapter,
  defineManifest,
  isForbiddenAddress,
  isOutboundRefused,
  type ManifestInput,
  OUTBOUND_UNREACHABLE,
} from "@adapterkit/sdk";
import { describe, expect, it } from "vitest";
import { failuresOf } from "../../../test/broken/behaviour-run.ts";
import { runAgainstAdapter } from "../../../test/run-against-adapter.ts";

const ID = "verify.outbound-guard";

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

const ONLY = { only: [ID] };

/** An adapter on `base_url` whose `/verify` is the given check of that URL. */
function baseUrlAdapter(check: (url: string, outbound: { fetch: typeof fetch }) => Promise<boolean>) {
  return defineAdapter({
    manifest: manifest("base_url"),
    verify: async ({ credentials }, context) =>
      (await check(String(credentials.base_url), context.outbound as { fetch: typeof fetch }))
        ? { ok: true as const, user: "planted" }
        : { ok: false as const, error: OUTBOUND_UNREACHABLE },
  });
}

/** A guarded adapter whose refusal says "private" and whose failed connection says something else. */
const tellsApart = defineAdapter({
  manifest: manifest("base_url"),
  verify: async ({ credentials }, context) =>
    context.outbound.fetch(String(credentials.base_url)).then(
      () => ({ ok: true as const, user: "planted" }),
      (error: unknown) => ({
        ok: false as const,
        error: isOutboundRefused(error) ? "that address is private" : "the connection was refused",
      }),
    ),
});

async function run(adapter: Adapter<ManifestInput>, allowedHosts: readonly string[] = []) {
  const { report } = await runAgainstAdapter(adapter, { fixtures: fixtures("base_url"), allowedHosts, ...ONLY });
  return { status: report.checks.find((check) => check.id === ID)?.status, failures: failuresOf(report, ID), report };
}

describe("verify.outbound-guard", () => {
  it("fails an adapter that connects to the loopback address a credential names, and says where", async () => {
    const connectsAnyway = baseUrlAdapter(async (url) => {
      await fetch(url).catch(() => undefined);
      return false;
    });
    const { status, failures } = await run(connectsAnyway);
    expect(status).toBe("failed");
    expect(failures[0]).toMatchObject({
      pointer: "/credentials/base_url",
      message: expect.stringMatching(/connected to .* when credentials\.base_url named the loopback address/),
    });
  });

  it("fails a guard that judges only address literals, naming localhost and the *.localhost name", async () => {
    const literalsOnly = baseUrlAdapter(async (url) => {
      const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) !== 0 && isForbiddenAddress(host)) return false;
      const answer = await fetch(url, { redirect: "manual" }).catch(() => undefined);
      return answer?.ok === true;
    });
    const { status, failures } = await run(literalsOnly);
    expect(status).toBe("failed");
    const messages = failures.map((failure) => failure.message);
    expect(messages.some((message) => message.includes("named the name localhost"))).toBe(true);
    expect(messages.every((message) => !message.includes("named the loopback address"))).toBe(true);
  });

  it("fails an adapter that follows a redirect from its allowed platform to a loopback address", async () => {
    const followsRedirects = baseUrlAdapter(async (url, outbound) => {
      const first = await outbound.fetch(url).catch(() => undefined);
      const location = first?.headers.get("location");
      if (location === null || location === undefined) return first?.ok === true;
      const second = await fetch(location).catch(() => undefined);
      return second?.ok === true;
    });
    const { status, failures } = await run(followsRedirects);
    expect(status).toBe("failed");
    expect(failures.map((failure) => failure.message)).toEqual([
      expect.stringContaining("named a 307 from the stand-in platform"),
    ]);
  });

  it("fails a refusal that reads otherwise than a dropped connection, a network map, whatever the allowance", async () => {
    const { status, failures } = await run(tellsApart);
    expect(status).toBe("failed");
    expect(failures.map((failure) => failure.message)).toEqual([
      expect.stringContaining("reads otherwise than a dropped connection"),
    ]);
  });

  it("fails a refusal that reads otherwise than a closed port, a network map", async () => {
    const { status, failures } = await run(tellsApart, ["127.0.0.1"]);
    expect(status).toBe("failed");
    expect(failures.map((failure) => failure.message)).toEqual([
      expect.stringContaining("reads otherwise than a closed port of 127.0.0.1"),
    ]);
  });

  it("passes an adapter that connects through context.outbound, for a URL and for a host with its port, saying what each probe found", async () => {
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
      const { report } = await runAgainstAdapter(guarded, {
        fixtures: fixtures(field),
        allowedHosts: ["127.0.0.1"],
        ...ONLY,
      });
      expect(report.checks.find((check) => check.id === ID)).toMatchObject({
        status: "passed",
        reason: expect.stringMatching(/localhost.*read as a closed port/),
      });
    }
  });

  it("is not applicable, saying why, when no credential field names a URL or a host", async () => {
    const offline = defineAdapter({ manifest: manifest("token"), verify: async () => ({ ok: false, error: "no" }) });
    const { report } = await runAgainstAdapter(offline, { fixtures: fixtures("token"), ...ONLY });
    expect(report.checks.find((check) => check.id === ID)).toMatchObject({
      status: "not_applicable",
      reason: expect.stringContaining("no credential field names a URL or a host"),
    });
  });
});
