import { type UpgradeJobJson, upgradeJobSchema } from "@adapterkit/contract";
import { expect } from "vitest";
import type { TestService } from "./test-service.ts";

/** Polls an upgrade job (its path, as a Location gives it) until it ended; its JSON with its results. */
export async function waitForUpgrade(test: TestService, token: string, location: string): Promise<UpgradeJobJson> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const response = await test.call(location, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    const job = upgradeJobSchema.parse(await response.json());
    if (job.state !== "queued" && job.state !== "running") return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`upgrade ${location} did not end within 10 s`);
}

/** Starts an upgrade through the API (202 with a Location, D580) and waits for its job to end. */
export async function upgradeAndWait(
  test: TestService,
  token: string,
  slug: string,
  share: { percent?: number; count?: number } = {},
): Promise<UpgradeJobJson> {
  const started = await test.call(`/api/v1/apps/${slug}/installations/upgrade`, { token, json: share });
  expect(started.status, await started.clone().text()).toBe(202);
  const queued = upgradeJobSchema.parse(await started.json());
  const location = started.headers.get("location") ?? "";
  expect(location).toBe(`/api/v1/apps/${slug}/upgrades/${queued.id}`);
  return waitForUpgrade(test, token, location);
}
