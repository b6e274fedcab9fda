import { recordHealthCheck } from "../apps/app-health-history.ts";
import type { AppRow } from "../apps/app-tables.ts";
import { withAppTables } from "../apps/app-tables.ts";
import type { DropsInboundCache, GroundContext } from "../context/ground-context.ts";
import { isServiceError } from "../errors/service-error.ts";
import { appTarget } from "./app-target.ts";
import { callAdapter } from "./call-adapter.ts";

/** A8: failures in a row after which an App is `down`. */
export const DOWN_AFTER_FAILURES = 3;

/**
 * A8: one `GET /health` of an App (5 s, D11), recorded: `ready` with its version resets the failure count; an
 * un-ready answer or a failed call counts one failure, `unready` until the third in a row makes it `down`.
 */
export async function pollAppHealth(context: GroundContext & DropsInboundCache, app: AppRow): Promise<void> {
  let version: string | null = app.health_version;
  let ready = false;
  let detail: string | null = null;
  try {
    const health = await callAdapter(context, appTarget(context, app), "health", (client) => client.health());
    ready = health.status === "ready";
    version = health.version;
  } catch (error) {
    if (!isServiceError(error)) throw error;
    detail = error.message;
    context.logger.warn({ app: app.slug, detail: error.message }, "app health check failed");
  }
  const at = context.now().toISOString();
  const updated = await withAppTables(context.store.db)
    .updateTable("apps")
    .set((eb) => {
      const failures = ready ? eb.val(0) : eb("health_failures", "+", 1);
      const status = ready
        ? eb.val("ready")
        : eb
            .case()
            .when("health_failures", ">=", DOWN_AFTER_FAILURES - 1)
            .then("down")
            .else("unready")
            .end();
      return { health_status: status, health_failures: failures, health_version: version, health_checked_at: at };
    })
    .where("id", "=", app.id)
    .returning("health_status")
    .executeTakeFirst();
  if (updated === undefined) return;
  // A14: the App's page lists its recent checks.
  await recordHealthCheck(context.store.db, {
    app_id: app.id,
    status: updated.health_status,
    version,
    detail,
    checked_at: at,
  });
  // D176: an App that went down (or came back) is seen by the next inbound event.
  if (!ready || app.health_status !== "ready") context.inboundCache.forget();
}
