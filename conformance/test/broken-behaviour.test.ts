import { describe, expect, it } from "vitest";
import { ALL_CHECKS } from "../src/checks/index.ts";
import { cursorNeverSettles } from "./broken/cursor-never-settles.ts";
import { dedupKeyFromTimestamp } from "./broken/dedup-key-from-timestamp.ts";
import { deliver500OnBadCredentials } from "./broken/deliver-500-on-bad-credentials.ts";
import { deliver500OnPlatformError } from "./broken/deliver-500-on-platform-error.ts";
import { duplicatePaths } from "./broken/duplicate-paths.ts";
import { echoNotBot } from "./broken/echo-not-bot.ts";
import { editsNotIgnored } from "./broken/edits-not-ignored.ts";
import { everyoneIsBot } from "./broken/everyone-is-bot.ts";
import { fingerprintOnRemoved } from "./broken/fingerprint-on-removed.ts";
import { foreignCursorAccepted } from "./broken/foreign-cursor-accepted.ts";
import { format500OnEmpty } from "./broken/format-500-on-empty.ts";
import { formatRewritesPlainText } from "./broken/format-rewrites-plain-text.ts";
import { formatStripsMarkdown } from "./broken/format-strips-markdown.ts";
import { frontDeskModeRefused } from "./broken/front-desk-mode-refused.ts";
import { handshakeUnanswered } from "./broken/handshake-unanswered.ts";
import { sanitisedContent } from "./broken/sanitised-content.ts";
import { signatureIgnored } from "./broken/signature-ignored.ts";
import { staleTimestampAccepted } from "./broken/stale-timestamp-accepted.ts";
import { tamperedCursorAccepted } from "./broken/tampered-cursor-accepted.ts";
import { threadIdDropped } from "./broken/thread-id-dropped.ts";
import { unfetchableFile } from "./broken/unfetchable-file.ts";
import { unknownChangeStatus } from "./broken/unknown-change-status.ts";
import { unsignedAccepted } from "./broken/unsigned-accepted.ts";
import { verifiesReserialisedJson } from "./broken/verifies-reserialised-json.ts";
import type { BrokenAdapter } from "./run-against.ts";
import { failedChecks, failureDigest, runAgainst } from "./run-against.ts";

/** Engineer B's broken adapters: one fault each in verify-webhook, parse-inbound, the feedback loop, deliver, format, sources. */
export const BEHAVIOUR_BROKEN_ADAPTERS: readonly BrokenAdapter[] = [
  echoNotBot,
  everyoneIsBot,
  dedupKeyFromTimestamp,
  signatureIgnored,
  unsignedAccepted,
  verifiesReserialisedJson,
  staleTimestampAccepted,
  sanitisedContent,
  handshakeUnanswered,
  frontDeskModeRefused,
  editsNotIgnored,
  cursorNeverSettles,
  fingerprintOnRemoved,
  duplicatePaths,
  unknownChangeStatus,
  tamperedCursorAccepted,
  foreignCursorAccepted,
  unfetchableFile,
  deliver500OnPlatformError,
  deliver500OnBadCredentials,
  threadIdDropped,
  format500OnEmpty,
  formatRewritesPlainText,
  formatStripsMarkdown,
];

/** Checks that run only when named in --only (D144); `broken-depth.test.ts` runs them. */
const SLOW_CHECKS = ALL_CHECKS.filter((check) => check.slow === true).map((check) => check.id);

const BEHAVIOUR_GROUPS = ["verify-webhook", "parse-inbound", "feedback-loop", "deliver", "format", "sources"];

describe("the behaviour checks against the reference and the deliberately broken adapters", () => {
  it("passes every behaviour check of the reference adapter, and runs each but the slow ones rather than skipping it", async () => {
    const report = await runAgainst({}, { only: BEHAVIOUR_GROUPS });
    expect(failureDigest(report)).toEqual({});
    const behaviour = report.checks.filter((check) => BEHAVIOUR_GROUPS.includes(check.group));
    const notPassed = behaviour
      .filter((check) => check.status !== "passed" && !SLOW_CHECKS.includes(check.id))
      .map((check) => check.id);
    expect(notPassed).toEqual([]);
  });

  it.each(
    BEHAVIOUR_BROKEN_ADAPTERS.map((broken) => [broken.fault, broken] as const),
  )("catches %s", async (_fault, broken) => {
    const report = await runAgainst(broken.adapter, broken.run);
    expect(Object.keys(failureDigest(report)).sort()).toEqual([...broken.caughtBy].sort());
    expect(failedChecks(report)).toEqual([...broken.caughtBy].sort());
  });

  it("holds distinct faults, each caught by a check of this file's groups", () => {
    const faults = BEHAVIOUR_BROKEN_ADAPTERS.map((broken) => broken.fault);
    expect(new Set(faults).size).toBe(faults.length);
    for (const broken of BEHAVIOUR_BROKEN_ADAPTERS) {
      expect(broken.caughtBy.length).toBeGreaterThan(0);
      for (const id of broken.caughtBy) expect(BEHAVIOUR_GROUPS).toContain(id.split(".")[0]);
    }
  });
});
