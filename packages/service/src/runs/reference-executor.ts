import { setTimeout as sleep } from "node:timers/promises";
import type { Stage } from "@adapterkit/contract";
import type { RunInput } from "./run-input.ts";
import type {
  ExecutableRun,
  ExecutableWorkflow,
  ExecutionContext,
  ExecutionResult,
  WorkflowExecutor,
} from "./workflow-executor.ts";

/** The seam the apps module fills: send a stage's message through an adapter's `/deliver`. */
export type DeliverStage = (request: {
  readonly run: ExecutableRun;
  readonly stage: Stage;
  readonly input: unknown;
  readonly signal: AbortSignal;
}) => Promise<unknown>;

/** The built-in actions of the reference executor. */
export const BUILT_IN_ACTIONS = ["echo", "fail", "wait", "deliver"] as const;

/** Longest `wait` a stage may ask for. */
export const MAX_WAIT_MS = 600_000;

function initialValue(input: RunInput): unknown {
  if (input === null) return null;
  return input.type === "json" ? input.value : input.text;
}

function checkStage(stage: Stage, deliver: DeliverStage | undefined): string | null {
  const where = `Stage "${stage.name}"`;
  switch (stage.action) {
    case "echo":
    case "fail":
      return null;
    case "wait": {
      const ms = stage.params?.ms ?? 0;
      const valid = typeof ms === "number" && Number.isInteger(ms) && ms >= 0 && ms <= MAX_WAIT_MS;
      return valid ? null : `${where}: params.ms must be a whole number of milliseconds from 0 to ${MAX_WAIT_MS}.`;
    }
    case "deliver":
      return deliver === undefined ? `${where} uses deliver, but no delivery is configured in this service.` : null;
    default:
      return `${where} uses unknown action "${stage.action}"; the reference executor knows ${BUILT_IN_ACTIONS.join(", ")}.`;
  }
}

/**
 * D24: the reference executor. It walks the stages in order from the start stage, passing each stage's result to
 * the next: `echo` outputs `params.text` (or what it got), `fail` fails the run, `wait` pauses `params.ms`,
 * `deliver` hands its input to the delivery seam.
 *
 * @example createReferenceExecutor().check({ id: 1, name: "w", stages: [] }, null) // "Workflow 1 has no stages."
 */
export function createReferenceExecutor(options: { deliver?: DeliverStage | undefined } = {}): WorkflowExecutor {
  const { deliver } = options;
  return {
    check(workflow: ExecutableWorkflow, startStage: string | null) {
      if (workflow.stages.length === 0) return `Workflow ${workflow.id} has no stages.`;
      if (startStage !== null && !workflow.stages.some((stage) => stage.name === startStage)) {
        return `Workflow ${workflow.id} has no stage named "${startStage}".`;
      }
      for (const stage of workflow.stages) {
        const problem = checkStage(stage, deliver);
        if (problem !== null) return `Workflow ${workflow.id}: ${problem}`;
      }
      return null;
    },

    async execute(context: ExecutionContext): Promise<ExecutionResult> {
      const { workflow, run, signal } = context;
      const first = run.startStage === null ? 0 : workflow.stages.findIndex((stage) => stage.name === run.startStage);
      let value = initialValue(context.input);
      for (const stage of workflow.stages.slice(Math.max(first, 0))) {
        signal.throwIfAborted();
        const params = stage.params ?? {};
        if (stage.action === "fail") {
          const message = typeof params.message === "string" ? params.message : `Stage "${stage.name}" failed.`;
          return { status: "failed", error: message };
        }
        if (stage.action === "wait") await sleep(Number(params.ms ?? 0), undefined, { signal });
        if (stage.action === "echo") {
          value = typeof params.text === "string" ? params.text : value;
          await context.emitOutput(stage.name, value);
        }
        if (stage.action === "deliver") {
          if (deliver === undefined)
            return { status: "failed", error: `Stage "${stage.name}": delivery is not configured.` };
          value = await deliver({ run, stage, input: value, signal });
          await context.emitOutput(stage.name, value);
        }
      }
      return { status: "completed", output: value };
    },
  };
}
