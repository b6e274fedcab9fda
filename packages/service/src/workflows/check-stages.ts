import type { Stage } from "@adapterkit/contract";
import { ServiceError } from "../errors/service-error.ts";

/** Stage names must be unique in a workflow: app-event triggers and `start_stage` name them. */
export function checkStages(stages: readonly Stage[]): void {
  const seen = new Set<string>();
  for (const [index, stage] of stages.entries()) {
    if (seen.has(stage.name)) {
      const message = `stages[${index}].name: "${stage.name}" is used by an earlier stage; stage names must be unique`;
      throw new ServiceError("invalid_request", message, { errors: [{ path: `/stages/${index}/name`, message }] });
    }
    seen.add(stage.name);
  }
}
