export { buildCapturedFixtures, type CapturedFixtures } from "./capture/build-captured-fixtures.ts";
export type { CapturedExchange } from "./capture/captured-exchange.ts";
export { describeExchange } from "./capture/describe-exchange.ts";
export { type PlatformRequest, readCaptureFile } from "./capture/read-capture-file.ts";
export { type ReplayOptions, replayPlatformRequests } from "./capture/replay-platform-requests.ts";
export { type CaptureProxy, type CaptureProxyOptions, startCaptureProxy } from "./capture/start-capture-proxy.ts";
export type {
  CapturedDelivery,
  Check,
  CheckFailure,
  CheckGroup,
  CheckLevel,
  CheckOutcome,
  CheckStatus,
  StandInPlatform,
} from "./check.ts";
export { ALL_CHECKS } from "./checks/index.ts";
export type { ConformanceCheck, ConformanceContext, RenderedRequest, SignOverrides, TemplateVars } from "./context.ts";
export type {
  FixtureRequest,
  Fixtures,
  InboundExpectation,
  InboundSample,
  InboundSigning,
  PlatformRoute,
} from "./fixtures/fixtures.ts";
export { FixturesError } from "./fixtures/fixtures-error.ts";
export { loadFixtures } from "./fixtures/load-fixtures.ts";
export { failed, notApplicable, outcomeOf, passed } from "./outcome.ts";
export { startStandInPlatform } from "./platform/start-stand-in-platform.ts";
export { CONFORMANCE_PROFILES, type ConformanceProfile } from "./report/conformance-profiles.ts";
export { createProgressPrinter, type ProgressSink } from "./report/create-progress-printer.ts";
export { renderHtmlReport } from "./report/render-html.ts";
export { renderJson } from "./report/render-json.ts";
export { renderJunit } from "./report/render-junit.ts";
export { renderPretty } from "./report/render-pretty.ts";
export type { CheckResult, ConformanceReport, EndpointLatency, ReportSummary } from "./report/report.ts";
export { RUN_RESULTS, type RunResult } from "./report/run-results.ts";
export type { ConformanceOptions, ProgressEvent } from "./runner/conformance-options.ts";
export { runConformance } from "./runner/run-conformance.ts";
export { ConformanceUsageError } from "./runner/usage-error.ts";
