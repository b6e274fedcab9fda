import type { BrokenAdapter } from "../run-against.ts";

/** Engineer A's broken adapters (runner, manifest, health, endpoints, verify, robustness, security, stateless). */
export const BROKEN_ADAPTERS: readonly BrokenAdapter[] = [];
