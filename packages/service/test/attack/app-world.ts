import { plantReview } from "../helpers/plant-review.ts";
import { readJson, type TestService } from "../helpers/test-service.ts";
import type { AppAdapters } from "./app-adapters.ts";
import type { Place, PlaceTarget, Target } from "./authorization-world.ts";

/** The states an App of the world is put in (A1). */
export type AppState = "draft" | "in_review" | "published";

/**
 * The App each target names: registered by the target's place (so `other-project`'s by the organization's other
 * project), in this state. `other-org-published` is the other organization's App that everyone sees (A1, D119).
 */
export const APP_STATES: Readonly<Record<Target, AppState>> = {
  own: "published",
  sibling: "draft",
  "other-project": "draft",
  "other-org": "draft",
  "other-org-published": "published",
};

/**
 * The installation of each place: which target's App it installs, and whether it names the place's project
 * (else it is organization-wide). The other organization installs A's published App, so an installation of A's
 * App that is not A's exists.
 */
const INSTALLS: Readonly<Record<PlaceTarget, { app: Target; inProject: boolean }>> = {
  own: { app: "own", inProject: true },
  sibling: { app: "sibling", inProject: false },
  "other-project": { app: "other-project", inProject: true },
  "other-org": { app: "own", inProject: false },
};

/** The credentials every install of the world sends (the recorder's api_key and multi-field text credential). */
export const MATRIX_CREDENTIALS = {
  recorder_token: "recorder-token-of-the-authorization-matrix",
  recorder_server: { host: "mail.test", password: "password-of-the-authorization-matrix" },
};

/** The Apps and installations of the world, and fresh ones for the routes that change what they name. */
export interface AppWorld {
  /** The base URL of the loopback adapter that serves a slug (any slug; the server makes it on first use). */
  appUrl(slug: string): string;
  readonly apps: Readonly<Record<Target, string>>;
  /** A2: a finished review (with its report) of each target's App. */
  readonly reviews: Readonly<Record<Target, number>>;
  readonly installations: Readonly<Record<PlaceTarget, string>>;
  /** A new App registered by the target's place, in a state (a fresh slug, served by the same adapter server). */
  freshApp(target: Target, state: AppState): Promise<string>;
  /** A new installation like the place's own. */
  freshInstallation(target: PlaceTarget): Promise<string>;
}

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

let serial = 0;

/** Registers, submits and reviews Apps and installs them, through the API as their authors and the admin would. */
export async function plantApps(
  test: TestService,
  adminToken: string,
  adapters: AppAdapters,
  places: Readonly<Record<Target, Place>>,
): Promise<AppWorld> {
  async function freshApp(target: Target, state: AppState): Promise<string> {
    serial += 1;
    const slug = `matrix-${target}-${serial}`;
    const token = places[target].ownerToken;
    const base = { token, json: { base_url: adapters.urlOf(slug) } };
    await expectStatus(await test.call("/api/v1/apps", base), 201, `register ${slug}`);
    if (state === "draft") return slug;
    const submit = { token, method: "POST" };
    await expectStatus(await test.call(`/api/v1/apps/${slug}/submit`, submit), 202, `submit ${slug}`);
    if (state === "in_review") return slug;
    const review = { token: adminToken, json: { passed: true } };
    await expectStatus(await test.call(`/api/v1/admin/apps/${slug}/review`, review), 200, `review ${slug}`);
    return slug;
  }
  const targets = Object.keys(APP_STATES) as Target[];
  const apps = Object.fromEntries(
    await Promise.all(targets.map(async (target) => [target, await freshApp(target, APP_STATES[target])])),
  ) as Record<Target, string>;
  const reviews = Object.fromEntries(
    await Promise.all(targets.map(async (target) => [target, await plantReview(test.service, apps[target])])),
  ) as Record<Target, number>;
  async function freshInstallation(target: PlaceTarget): Promise<string> {
    const { app, inProject } = INSTALLS[target];
    const place = places[target];
    const json = {
      app: apps[app],
      credentials: MATRIX_CREDENTIALS,
      ...(inProject ? { project_id: place.projectId } : {}),
    };
    const response = await test.call("/api/v1/installations", { token: place.ownerToken, json });
    return (await readJson<{ id: string }>(await expectStatus(response, 201, `install ${apps[app]}`))).id;
  }
  const installations: Record<PlaceTarget, string> = {
    own: await freshInstallation("own"),
    sibling: await freshInstallation("sibling"),
    "other-project": await freshInstallation("other-project"),
    "other-org": await freshInstallation("other-org"),
  };
  return { appUrl: adapters.urlOf, apps, reviews, installations, freshApp, freshInstallation };
}
