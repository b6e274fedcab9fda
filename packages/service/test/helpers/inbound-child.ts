import type { ChildProcess } from "node:child_process";
import { startChildFixture } from "./child-service.ts";

/** The service in its own process with the webhook App installed (test/fixtures/serve-inbound.ts), once ready. */
export interface InboundChild {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string;
  readonly installationId: string;
}

/** Starts test/fixtures/serve-inbound.ts with these environment variables and waits for its ready line. */
export function startInboundChild(env: Record<string, string>): Promise<InboundChild> {
  return startChildFixture<Omit<InboundChild, "child">>("serve-inbound.ts", env);
}
