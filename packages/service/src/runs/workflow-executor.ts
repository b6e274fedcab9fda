import type { RunSource, Stage } from "@adapterkit/contract";
import type { RunInput } from "./run-input.ts";

/** The workflow as the executor sees it when a run starts. */
export interface ExecutableWorkflow {
  readonly id: number;
  readonly name: string;
  readonly stages: readonly Stage[];
}

/** The run being executed. */
export interface ExecutableRun {
  readonly id: number;
  readonly workflowId: number;
  readonly sessionId: number;
  readonly triggerId: number | null;
  readonly source: RunSource;
  /** The stage to start at (app-event triggers); null for the first. */
  readonly startStage: string | null;
  readonly attempt: number;
}

/** What an executor gets for one run. */
export interface ExecutionContext {
  readonly run: ExecutableRun;
  readonly workflow: ExecutableWorkflow;
  readonly input: RunInput;
  /** Aborted when the service stops; the run is then handed back to the queue. */
  readonly signal: AbortSignal;
  /** Records an output event (D24) durably before it resolves. */
  emitOutput(stage: string, data: unknown): Promise<void>;
}

/** How a run ended. */
export type ExecutionResult =
  | { readonly status: "completed"; readonly output: unknown }
  | { readonly status: "failed"; readonly error: string };

/**
 * D24: the port that runs a workflow's stages. Agents are out of scope; the reference executor walks built-in
 * stages, and an embedding can plug in its own.
 */
export interface WorkflowExecutor {
  /** Why this workflow cannot start (a configuration error, answered with 422), or null when it can. */
  check(workflow: ExecutableWorkflow, startStage: string | null): string | null;
  execute(context: ExecutionContext): Promise<ExecutionResult>;
}
