import { setTimeout as sleep } from "node:timers/promises";
import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { show } from "../shared/labels.ts";
import { pollHealth } from "./poll-health.ts";

const POLLS = 3;
const GAP_MS = 50;

/** `version` is a non-empty string and the same on every poll (a build id, not a clock or a counter). */
export const healthVersionStable: ConformanceCheck = {
  id: "health.version-stable",
  group: "health",
  level: "required",
  rationale:
    "contract.md#health-response: version is the build identifier of the running code, so the service can confirm a rollout (D10).",
  appliesWhen: () => true,
  run: async (ctx) => {
    const versions: unknown[] = [];
    for (let poll = 0; poll < POLLS; poll += 1) {
      if (poll > 0) await sleep(GAP_MS);
      const answer = await pollHealth(ctx);
      versions.push(answer.answered ? answer.body?.version : undefined);
    }
    const [first] = versions;
    if (typeof first !== "string" || first === "") {
      return failed([
        ctx.failure({
          endpoint: "GET /health",
          message: "version is missing or empty",
          pointer: "/version",
          expected: 'a non-empty build identifier ("unknown" when none can be supplied)',
          actual: show(first),
          request: {},
        }),
      ]);
    }
    if (versions.every((version) => version === first)) return passed();
    return failed([
      ctx.failure({
        endpoint: "GET /health",
        message: `version changed across ${POLLS} polls`,
        pointer: "/version",
        expected: `${show(first)} on every poll`,
        actual: versions.map(show).join(", "),
        request: {},
      }),
    ]);
  },
};
