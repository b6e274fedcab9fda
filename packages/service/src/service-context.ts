import type { Logger } from "pino";
import type { OutboundGuard } from "./outbound/index.ts";
import type { RunEventHandler } from "./runs/run-events.ts";
import type { WorkflowExecutor } from "./runs/workflow-executor.ts";
import type { Store } from "./store/index.ts";
import type { HookIntake } from "./triggers/hook-intake.ts";

/** Everything a handler may use; built once by createService. */
export interface ServiceContext {
  readonly store: Store;
  readonly executor: WorkflowExecutor;
  /** D15: the key that seals secrets at rest. */
  readonly serviceKey: Buffer;
  /** The admin API's bearer token; the admin API is closed without one. */
  readonly adminToken: string | undefined;
  readonly logger: Logger;
  readonly onRunEvent: RunEventHandler;
  /** Where the hook endpoint hands its requests (concurrent ones are accepted together). */
  readonly hooks: HookIntake;
  /** A15: every call to a URL a user supplied goes through it (callbacks today). */
  readonly outbound: OutboundGuard;
  now(): Date;
  /** The base URL webhook URLs are built on. */
  publicUrl(): string;
  /** Tells the run worker a run was enqueued. */
  wakeWorker(): void;
  /** Tells the scheduler a schedule trigger was created, changed or enabled. */
  wakeScheduler(): void;
}
