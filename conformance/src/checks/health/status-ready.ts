import { HEALTH_READY } from "@adapterkit/contract";
import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { show } from "../shared/labels.ts";
import { pollHealth } from "./poll-health.ts";

/** `status` is exactly `ready` (not `ok`, not `READY`). */
export const healthStatusReady: ConformanceCheck = {
  id: "health.status-ready",
  group: "health",
  level: "required",
  rationale:
    'contract.md#health-response: status must be exactly "ready" while serving; any other value counts as un-ready.',
  appliesWhen: () => true,
  run: async (ctx) => {
    const poll = await pollHealth(ctx);
    const status = poll.answered ? poll.body?.status : undefined;
    if (status === HEALTH_READY) return passed();
    return failed([
      ctx.failure({
        endpoint: "GET /health",
        message: 'status is not exactly "ready"',
        pointer: "/status",
        expected: show(HEALTH_READY),
        actual: poll.answered ? show(status) : poll.error,
        request: {},
      }),
    ]);
  },
};
