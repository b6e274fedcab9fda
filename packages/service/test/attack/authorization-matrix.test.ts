import { SERVICE_ENDPOINTS, type ServiceEndpointId } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoutes } from "../../src/server/routes.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { startTestService, type TestService } from "../helpers/test-service.ts";
import { type AppAdapters, startAppAdapters } from "./app-adapters.ts";
import { KNOWN_DEVIATIONS } from "./app-matrix.ts";
import { AUTHORIZATION_MATRIX } from "./authorization-matrix.ts";
import { buildWorld, CALLERS, type World } from "./authorization-world.ts";
import { createCaseCounter } from "./case-counter.ts";

const ADMIN_TOKEN = `admin-${"e".repeat(40)}`;
const METHODS = new Map(SERVICE_ENDPOINTS.map((endpoint) => [endpoint.id as ServiceEndpointId, endpoint.method]));
const counter = createCaseCounter("authorization-matrix", "cells");

/** Every cell of one route: each caller against each target it names; returns the cells that got another status. */
async function runRoute(world: World, id: ServiceEndpointId): Promise<string[]> {
  const entry = AUTHORIZATION_MATRIX[id];
  const wrong: string[] = [];
  for (const caller of CALLERS) {
    for (const target of entry.targets) {
      const request = await entry.request(world, target);
      const response = await world.test.call(request.path, {
        method: METHODS.get(id) ?? "GET",
        ...(caller === "none" ? {} : { token: world.tokens[caller] }),
        ...(request.json === undefined ? {} : { json: request.json }),
      });
      counter.add(id);
      const due = entry.expect(caller, target);
      const body: unknown = response.status === 204 ? undefined : await response.json();
      if (response.status !== due) wrong.push(`${caller} → ${target}: ${response.status}, due ${due}`);
      if (entry.visible !== undefined && due === 200 && response.status === 200) {
        const among = entry.visible.among?.(world);
        const seen = entry.visible.ids(body).filter((id) => among === undefined || among.includes(id));
        const dueIds = [...entry.visible.due(world, caller)].sort();
        if (JSON.stringify(seen.sort()) !== JSON.stringify(dueIds)) wrong.push(`${caller} sees ${seen}, due ${dueIds}`);
      }
    }
  }
  return wrong;
}

afterAll(() => counter.report());

describe("the authorization matrix", () => {
  it("has an entry for every route of the service's route table and every endpoint of the contract", () => {
    const routeIds = Object.keys(createRoutes({}));
    const contractIds = SERVICE_ENDPOINTS.map((endpoint) => endpoint.id);
    const missing = [...new Set([...routeIds, ...contractIds])].filter((id) => !(id in AUTHORIZATION_MATRIX));
    expect(missing).toEqual([]);
    expect(routeIds.length).toBeGreaterThan(20);
  });
});

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`two organizations × every route × every caller ${lane.title}`, () => {
    let test: TestService;
    let adapters: AppAdapters;
    let world: World;

    beforeAll(async () => {
      adapters = await startAppAdapters();
      test = await startTestService(lane, {
        adminToken: ADMIN_TOKEN,
        callbacks: { pollIntervalMs: 20 },
        healthPolling: false,
        // Only the sync-installation cells start syncs, so each of them finds none running.
        sources: { poll: false },
      });
      world = await buildWorld(test, ADMIN_TOKEN, adapters);
    }, 60_000);
    afterAll(async () => {
      await test?.close();
      await adapters?.close();
    });

    it.each(
      SERVICE_ENDPOINTS.map((endpoint) => endpoint.id),
    )("%s answers 401/403/404 exactly where due (or as a known deviation says)", async (id) => {
      const deviations: Partial<Record<ServiceEndpointId, readonly string[]>> = KNOWN_DEVIATIONS;
      expect(await runRoute(world, id)).toEqual(deviations[id] ?? []);
    });
  });
}
