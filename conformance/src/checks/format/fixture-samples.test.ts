import { type AdapterClient, createAdapterClient } from "@adapterkit/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAdapter, startReferenceAdapter } from "../../../test/reference-adapter.ts";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { fixtureSamples } from "./fixture-samples.ts";

let adapter: RunningAdapter;
const clients: AdapterClient[] = [];
beforeAll(async () => {
  adapter = await startReferenceAdapter();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await adapter.close();
});

function newClient(): AdapterClient {
  const client = createAdapterClient({ baseUrl: adapter.url });
  clients.push(client);
  return client;
}

/**
 * The slice of a context this check reads, over a real client of the reference adapter (which formats as the
 * identity). The fixtures schema does not carry `format` yet, so the runner cannot be handed these fixtures.
 */
function contextWith(format: unknown): ConformanceContext {
  const partial = {
    fixtures: { credentials: { good: { token: "tok_alpha" }, bad: {} }, format },
    client: newClient(),
    render: <T>(template: T) => template,
    failure: ({ request: _request, ...failure }: CheckFailure & { request?: unknown }) => failure,
  };
  return partial as unknown as ConformanceContext;
}

describe("format.fixture-samples", () => {
  it("passes when each sample formats to exactly its expectation", async () => {
    const outcome = await fixtureSamples.run(contextWith({ samples: [{ text: "**hi**", expect: "**hi**" }] }));
    expect(outcome.status).toBe("passed");
  });

  it("fails a sample that formats differently, quoting both texts", async () => {
    const outcome = await fixtureSamples.run(contextWith({ samples: [{ text: "**hi**", expect: "*hi*" }] }));
    expect(outcome.status).toBe("failed");
    expect(outcome.failures).toMatchObject([{ pointer: "/text", expected: '"*hi*"', actual: '"**hi**"' }]);
  });

  it("is not applicable without samples", async () => {
    expect((await fixtureSamples.run(contextWith(undefined))).status).toBe("not_applicable");
    expect((await fixtureSamples.run(contextWith({ samples: [] }))).status).toBe("not_applicable");
  });
});
