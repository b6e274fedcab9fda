export { type ReferenceAdapterOptions, type RunningAdapter, startReferenceAdapter } from "./reference-adapter.ts";
export { ADAPTER_SIGNING_SECRET, REFERENCE_FIXTURES } from "./run-against.ts";
export { type AdapterRun, type AdapterRunOptions, runAgainstAdapter } from "./run-against-adapter.ts";
export { type PlatformEvent, sendPlatformEvent } from "./send-platform-event.ts";
