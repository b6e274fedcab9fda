import type { GroundContext } from "./context/ground-context.ts";
import type { FrontDesk } from "./front-desk/front-desk.ts";
import type { InboundCache } from "./inbound/cached-installation.ts";
import type { InboundIntake } from "./inbound/inbound-intake.ts";
import type { RunEventHandler } from "./runs/run-events.ts";
import type { WorkflowExecutor } from "./runs/workflow-executor.ts";
import type { SyncOnDemand } from "./sources/sync-on-demand.ts";
import type { HookIntake } from "./triggers/hook-intake.ts";

/**
 * Everything a handler may use; built once by createService. A feature names the part it uses: of the ground's
 * pieces through GroundContext, of a higher feature's port through that feature's type (`TriggersContext`). This
 * file stands at the top of the districts (D571), so no feature imports it; it imports only types.
 */
export interface ServiceContext extends GroundContext {
  readonly executor: WorkflowExecutor;
  readonly onRunEvent: RunEventHandler;
  /** Where the hook endpoint hands its requests (concurrent ones are accepted together). */
  readonly hooks: HookIntake;
  /** A11: turns a message to the front desk into a reply (the reference one renders a Handlebars template). */
  readonly frontDesk: FrontDesk;
  /** D176: installations, Apps, credentials and adapter clients of the inbound path, kept for a moment. */
  readonly inboundCache: InboundCache;
  /** Where the inbound pipeline routes verified messages (concurrent ones together, D177). */
  readonly inbound: InboundIntake;
  /** A12: starts a source's sync on demand (undefined when one is running); wakes the poll for a source just set. */
  readonly sources: SyncOnDemand;
}
