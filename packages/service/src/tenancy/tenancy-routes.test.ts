import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HandlerInput } from "../http/route.ts";
import { openStore, type Store } from "../store/index.ts";
import type { TenancyContext } from "./tenancy-context.ts";
import { TENANCY_ROUTES } from "./tenancy-routes.ts";

const NOW = new Date("2026-03-04T05:06:07.000Z");
let dataDir = "";
let store: Store;
let context: TenancyContext;

function inputOf<B>(body: B, params: Record<string, string> = {}): HandlerInput<B> {
  return { params, query: new URLSearchParams(), body, principal: undefined, idempotencyKey: undefined };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "adapterkit-tenancy-"));
  store = await openStore({ dataDir });
  // What the tenancy routes declare they use, and nothing else of the service: a store and a clock.
  context = { store, now: () => NOW };
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the tenancy routes, given only TenancyContext", () => {
  it("creates an organization and a project in it, dated by the context's clock", async () => {
    const organization = await TENANCY_ROUTES["create-organization"].handler(inputOf({ name: "Acme" }), context);
    expect(organization).toMatchObject({ status: 201, body: { name: "Acme", created_at: NOW.toISOString() } });
    const organizationId = (organization.body as { id: number }).id;
    const project = await TENANCY_ROUTES["create-project"].handler(
      inputOf({ organization_id: organizationId, name: "Support" }),
      context,
    );
    expect(project).toMatchObject({ status: 201, body: { organization_id: organizationId, name: "Support" } });
  });

  it("refuses a project in an unknown organization with not_found and a taken organization name with conflict", async () => {
    const project = TENANCY_ROUTES["create-project"].handler(inputOf({ organization_id: 999, name: "X" }), context);
    await expect(project).rejects.toMatchObject({ code: "not_found" });
    const again = TENANCY_ROUTES["create-organization"].handler(inputOf({ name: "Acme" }), context);
    await expect(again).rejects.toMatchObject({ code: "conflict" });
  });
});
