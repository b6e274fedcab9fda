import { chatAdapter } from "@adapterkit/adapter-chat";
import { filesAdapter } from "@adapterkit/adapter-files";
import { mailAdapter } from "@adapterkit/adapter-mail";
import { webhookAdapter } from "@adapterkit/adapter-webhook";
import { ADAPTER_ENDPOINTS, type AdapterEndpointDef } from "@adapterkit/contract";
import { type Adapter, type AdaptersServer, mountAdapters } from "@adapterkit/sdk";
import fc from "fast-check";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deadPort, exampleFor, loopbackFixture, newSigningSecret, signBytes } from "./adapter-targets.ts";
import { anyBody, edgeBody, edgeValueBodies, mutatedExample } from "./attack-bodies.ts";
import { contentType, extraHeaders, methodFor, queryString } from "./attack-requests.ts";
import { createCaseCounter, PROPERTY_TIMEOUT_MS, RUNS_PER_TARGET } from "./case-counter.ts";
import { checkProperty, describeRequest } from "./check-property.ts";
import { guardLoopback, type LoopbackGuard } from "./loopback-guard.ts";
import { type RawAnswer, type RawRequest, sendRaw } from "./send-raw.ts";

vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });

const ADAPTERS: readonly Adapter[] = [mailAdapter, chatAdapter, webhookAdapter, filesAdapter];
const SECRET = newSigningSecret();
const counter = createCaseCounter("fuzz-adapters");
const TARGETS = ADAPTERS.flatMap((adapter) =>
  ADAPTER_ENDPOINTS.map((row) => [adapter.slug, row.id, adapter, row] as const),
);

let guard: LoopbackGuard;
let server: AdaptersServer;
let port: number;

/** An adapter's path, or a neighbour of it: trailing slash, dot segments into another adapter, encoded, unknown. */
function pathFor(slug: string, row: AdapterEndpointDef): fc.Arbitrary<string> {
  const own = `/${slug}${row.path}`;
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(own) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `${own}/`,
        `/${slug}/..${row.path}`,
        `/${slug}/%2e%2e/chat${row.path}`,
        `/${slug}//${row.path.slice(1)}`,
        `/${slug}${row.path.replace("/", "/%2F")}`,
        `/${slug}${row.path}\xff`,
        `/${slug.toUpperCase()}${row.path}`,
        `/${slug}`,
        "/",
        "*",
      ),
    },
  );
}

function requestTo(adapter: Adapter, row: AdapterEndpointDef): fc.Arbitrary<RawRequest> {
  const example = exampleFor(row, loopbackFixture(adapter.slug, port));
  const near = mutatedExample(example ?? {}, ["credentials", "channel_address"]);
  return fc
    .record({
      method: methodFor(row.method),
      path: pathFor(adapter.slug, row),
      query: queryString,
      signature: fc.constantFrom("valid", "valid", "valid", "none", "junk"),
      type: contentType,
      extra: extraHeaders,
      body: row.method === "GET" ? fc.option(anyBody(near), { freq: 4 }).map((b) => b ?? null) : anyBody(near),
    })
    .map(({ method, path, query, signature, type, extra, body }) => {
      const headers: [string, Buffer][] = [];
      if (signature === "valid") headers.push(...signBytes(SECRET, body));
      if (signature === "junk") headers.push(["webhook-signature", Buffer.from("v1,AAAA")]);
      if (type !== null) headers.push(["content-type", Buffer.from(type)]);
      return { method, target: Buffer.from(`${path}${query}`, "latin1"), headers: [...headers, ...extra], body };
    });
}

/** A signed request to the adapter's own path whose body is deep, huge or not UTF-8. */
function signedEdgeRequest(adapter: Adapter, row: AdapterEndpointDef): fc.Arbitrary<RawRequest> {
  const example = exampleFor(row, loopbackFixture(adapter.slug, port));
  return edgeBody(example ?? {}).map((body) => ({
    method: row.method,
    target: Buffer.from(`/${adapter.slug}${row.path}`),
    headers: [...signBytes(SECRET, body), ["content-type", Buffer.from("application/json")]],
    body,
  }));
}

/**
 * No 500 (internal_error), ever. 502/504 are allowed as platform_error/platform_timeout (the dead port answers every
 * platform call), 501 only from an endpoint the adapter does not implement; every error is D8 `{ ok: false, … }`.
 */
function expectAdapterAnswer(
  answer: RawAnswer,
  request: RawRequest,
  adapter: Adapter,
  row: AdapterEndpointDef,
  what = "",
): void {
  expect(answer.error, `the adapter answered ${what}`).toBeUndefined();
  const status = answer.status ?? 0;
  expect(status, `${what} ${answer.body.slice(0, 300)}`).not.toBe(500);
  if (status < 400 || request.method === "HEAD") return;
  if (answer.contentType === undefined && answer.body === "" && (status === 400 || status === 431)) return;
  const error = JSON.parse(answer.body) as { ok?: unknown; code?: unknown };
  expect(error.ok).toBe(false);
  if (status === 501) expect(adapter.notImplemented).toContain(row.id);
  if (status === 502) expect(error.code).toBe("platform_error");
  if (status === 504) expect(error.code).toBe("platform_timeout");
  expect(status).toBeLessThan(505);
}

beforeAll(async () => {
  guard = guardLoopback();
  port = await deadPort();
  server = await mountAdapters(ADAPTERS, {
    port: 0,
    host: "127.0.0.1",
    signingSecret: SECRET,
    handleSignals: false,
    logger: pino({ level: "silent" }),
  });
});
afterAll(async () => {
  await server?.close();
  guard?.restore();
  counter.report();
});

describe("generated requests at every endpoint of the four sample adapters (SDK on port 0)", () => {
  it.each(TARGETS)(
    "%s %s never answers 500 and health answers after",
    async (slug, id, adapter, row) => {
      const base = `http://127.0.0.1:${server.port}`;
      await checkProperty(
        requestTo(adapter, row),
        async (request) => {
          counter.add(`${slug} ${id}`);
          expectAdapterAnswer(await sendRaw(base, request), request, adapter, row);
        },
        { numRuns: RUNS_PER_TARGET, describe: describeRequest },
      );
      if (row.method === "POST") {
        await checkProperty(
          signedEdgeRequest(adapter, row),
          async (request) => {
            counter.add(`${slug} ${id} (edge bodies)`);
            expectAdapterAnswer(await sendRaw(base, request), request, adapter, row);
          },
          { numRuns: RUNS_PER_TARGET, describe: describeRequest },
        );
      }
      const health = await fetch(`${base}/${slug}/health`);
      expect(((await health.json()) as { status: string }).status).toBe("ready");
    },
    120_000,
  );

  // Not generated: see edgeValueBodies (a lone surrogate in the files adapter's file_path once answered 500 after 461
  // generated cases).
  it.each(
    TARGETS.filter(([, , , row]) => row.method === "POST"),
  )("%s %s never answers 500 with an edge value in any field", async (slug, id, adapter, row) => {
    const example = exampleFor(row, loopbackFixture(adapter.slug, port));
    for (const [what, body] of edgeValueBodies(example, { keep: ["credentials"], schema: row.request?.schema })) {
      const request: RawRequest = {
        method: "POST",
        target: Buffer.from(`/${slug}${row.path}`),
        headers: [...signBytes(SECRET, body), ["content-type", Buffer.from("application/json")]],
        body,
      };
      counter.add(`${slug} ${id} (edge values)`);
      expectAdapterAnswer(await sendRaw(`http://127.0.0.1:${server.port}`, request), request, adapter, row, what);
    }
  });

  it("opened no connection and looked up no name outside loopback", () => {
    expect(guard.refused).toEqual([]);
  });
});
