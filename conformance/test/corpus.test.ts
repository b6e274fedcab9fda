import type { Adapter, ManifestInput } from "@adapterkit/sdk";
import { describe, expect, it } from "vitest";
import type { Fixtures } from "../src/fixtures/fixtures.ts";
import { absoluteSnapshotAdapter } from "./corpus/absolute-snapshot.ts";
import { combinedInboundAdapter } from "./corpus/combined-inbound.ts";
import { onePageAdapter } from "./corpus/one-page.ts";
import { relativeHistoryAdapter } from "./corpus/relative-history.ts";
import { SLACK_V0_FIXTURES, slackV0Adapter } from "./corpus/slack-v0.ts";
import { SOURCES_FIXTURES } from "./corpus/source-kit.ts";
import { STANDARD_WEBHOOKS_FIXTURES, standardWebhooksAdapter } from "./corpus/standard-webhooks.ts";
import { failureDigest } from "./run-against.ts";
import { runAgainstAdapter } from "./run-against-adapter.ts";

/** One correct adapter in one legal style, and the groups whose every check must pass (not merely not fail). */
interface CorpusStyle {
  readonly style: string;
  readonly adapter: Adapter<ManifestInput>;
  readonly fixtures: Fixtures;
  readonly judged: readonly string[];
  /** Checks of those groups that are rightly not applicable to this style, with why. */
  readonly notApplicable?: Readonly<Record<string, string>>;
  /** Hosts the adapter may reach besides the stand-in's own address and port (as `npm start` allows `127.0.0.1`). */
  readonly allowedHosts?: readonly string[];
}

const SOURCES = {
  fixtures: SOURCES_FIXTURES,
  judged: ["sources", "verify", "stateless"],
  notApplicable: { "verify.outbound-guard": "no credential field names a URL or a host" },
};
const CHANNEL = [
  "verify",
  "verify-webhook",
  "parse-inbound",
  "inbound",
  "feedback-loop",
  "deliver",
  "format",
  "security",
];

/** Correct adapters in the legal styles the contract allows; each is a small SDK adapter of its own. */
const CORPUS: readonly CorpusStyle[] = [
  { style: "absolute paths, snapshot feed, base64 files, several pages", adapter: absoluteSnapshotAdapter, ...SOURCES },
  { style: "relative paths, history feed, binary files, several pages", adapter: relativeHistoryAdapter, ...SOURCES },
  { style: "relative paths, one page, binary files", adapter: onePageAdapter, ...SOURCES },
  {
    style: "Slack v0 signatures, thread ids present",
    adapter: slackV0Adapter,
    fixtures: SLACK_V0_FIXTURES,
    judged: CHANNEL,
    notApplicable: {
      "verify-webhook.several-signatures": "one signature per header",
      "security.signing-secret-needed": "signed run",
    },
  },
  {
    style: "Standard Webhooks signatures, thread ids absent",
    adapter: standardWebhooksAdapter,
    fixtures: STANDARD_WEBHOOKS_FIXTURES,
    judged: CHANNEL,
    notApplicable: { "security.signing-secret-needed": "signed run" },
  },
  {
    style: "combined /inbound declared, URL credential and channel address behind the guard, Idempotency-Key honoured",
    adapter: combinedInboundAdapter,
    fixtures: STANDARD_WEBHOOKS_FIXTURES,
    judged: CHANNEL,
    notApplicable: { "security.signing-secret-needed": "signed run" },
    allowedHosts: ["127.0.0.1"],
  },
] as readonly CorpusStyle[];

describe("the runner against the corpus of correct adapters in different legal styles", () => {
  it.each(CORPUS.map((entry) => [entry.style, entry] as const))(
    "finds no failure in any check of the review profile, and judges the style's groups: %s",
    async (_style, { adapter, fixtures, judged, notApplicable = {}, allowedHosts = [] }) => {
      const { report } = await runAgainstAdapter(adapter, {
        fixtures,
        allowedHosts,
        profile: "review",
        latencyBudgetMs: 10_000,
      });
      expect(failureDigest(report)).toEqual({});
      expect(report.summary.skipped).toBe(0);
      const unjudged = report.checks
        .filter((check) => judged.includes(check.group) && check.status !== "passed")
        .map((check) => check.id);
      expect(unjudged.sort()).toEqual(Object.keys(notApplicable).sort());
    },
    60_000,
  );
});
