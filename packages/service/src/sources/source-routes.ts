import { ServiceError } from "../errors/service-error.ts";
import { type FeatureRoutes, principalOf, type Route } from "../http/route.ts";
import { manageableInstallation, readableInstallation } from "../installations/installation-access.ts";
import { parseIdParam } from "../store/index.ts";
import { configureSource } from "./configure-source.ts";
import { showSource } from "./show-source.ts";
import { withSourceTables } from "./source-tables.ts";
import type { SourcesContext } from "./sources-context.ts";
import { toSyncJson } from "./to-source-json.ts";

/** `POST /api/v1/installations/{installation_id}/source`. */
export const configureSourceRoute: Route<"configure-source", SourcesContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await manageableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    const { resource_path, reset } = input.body;
    await configureSource(context.store.db, {
      installationId: row.id,
      resourcePath: resource_path,
      reset,
      now: context.now(),
    });
    context.sources.wake();
    return { status: 200, body: await showSource(context, row.id) };
  },
};

/** `GET /api/v1/installations/{installation_id}/source`. */
export const getSourceRoute: Route<"get-source", SourcesContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await readableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    return { status: 200, body: await showSource(context, row.id) };
  },
};

/** `POST /api/v1/installations/{installation_id}/sync`: 202 with the sync started, 409 when one runs. */
export const syncInstallationRoute: Route<"sync-installation", SourcesContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await manageableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    await showSource(context, row.id).catch(() => {
      throw new ServiceError("conflict", `Installation ${row.id} has no source; set one with POST …/source first.`);
    });
    const sync = await context.sources.syncNow(row.id);
    if (sync === undefined) throw new ServiceError("conflict", `A sync of installation ${row.id} is already running.`);
    return { status: 202, body: toSyncJson(sync) };
  },
};

/** `GET /api/v1/installations/{installation_id}/syncs`: the latest 20. */
export const listSyncsRoute: Route<"list-syncs", SourcesContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await readableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    const rows = await withSourceTables(context.store.db)
      .selectFrom("source_syncs")
      .selectAll()
      .where("installation_id", "=", row.id)
      .orderBy("id", "desc")
      .limit(20)
      .execute();
    return { status: 200, body: { items: rows.map(toSyncJson) } };
  },
};

/** `GET /api/v1/installations/{installation_id}/syncs/{sync_id}`. */
export const getSyncRoute: Route<"get-sync", SourcesContext> = {
  auth: "api",
  async handler(input, context) {
    const row = await readableInstallation(context, principalOf(input), input.params.installation_id ?? "");
    const id = parseIdParam(input.params.sync_id);
    const sync =
      id !== undefined
        ? await withSourceTables(context.store.db)
            .selectFrom("source_syncs")
            .selectAll()
            .where("installation_id", "=", row.id)
            .where("id", "=", id)
            .executeTakeFirst()
        : undefined;
    if (sync === undefined)
      throw new ServiceError("not_found", `No sync ${input.params.sync_id} of installation ${row.id}.`);
    return { status: 200, body: toSyncJson(sync) };
  },
};

/** The source and sync routes. */
export const SOURCE_ROUTES = {
  "configure-source": configureSourceRoute,
  "get-source": getSourceRoute,
  "sync-installation": syncInstallationRoute,
  "list-syncs": listSyncsRoute,
  "get-sync": getSyncRoute,
} satisfies FeatureRoutes<SourcesContext>;
