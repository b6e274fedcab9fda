import type { DeliverResponse, HealthResponse } from "@adapterkit/contract";
import { describe, expectTypeOf, it } from "vitest";
import {
  type AdapterClient,
  type ClientFailure,
  type ClientResult,
  createAdapterClient,
  type FetchedFile,
} from "../src/index.ts";

describe("client types", () => {
  it("types each method's value after the contract shape", () => {
    const client: AdapterClient = createAdapterClient({ baseUrl: "http://127.0.0.1:9/chat" });

    expectTypeOf(client.health).returns.resolves.toEqualTypeOf<ClientResult<HealthResponse>>();
    expectTypeOf(client.deliver).returns.resolves.toEqualTypeOf<ClientResult<DeliverResponse>>();
    expectTypeOf(client.fetchFile).returns.resolves.toEqualTypeOf<ClientResult<FetchedFile>>();
  });

  it("types call() by the endpoint id it is given", async () => {
    const client = createAdapterClient({ baseUrl: "http://127.0.0.1:9/chat" });
    const result = await client.call("health", undefined, { timeoutMs: 1 });
    await client.close();

    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<HealthResponse>();
    else expectTypeOf(result.error).toEqualTypeOf<ClientFailure>();
    // @ts-expect-error an id that is not in the contract table
    expectTypeOf(client.call).toBeCallableWith("oauth-callback");
  });
});
