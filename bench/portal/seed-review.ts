import type { Service } from "@adapterkit/service";
import { PLANTED_REPORT, plantReview } from "../../packages/service/test/helpers/plant-review.ts";

const GROUPS = ["manifest", "health", "endpoints", "verify", "parse-inbound", "feedback-loop", "deliver", "security"];

// A report about the size of a real review's (some 80 checks), a tenth of them failed with every detail.
function reportOf(slug: string) {
  const checks = Array.from({ length: 80 }, (_, index) => {
    const failed = index % 10 === 0;
    return {
      id: `${GROUPS[index % GROUPS.length]}.check-${index}`,
      group: GROUPS[index % GROUPS.length],
      level: "required",
      rationale: `What check ${index} makes sure of, in a sentence or two of plain text.`,
      status: failed ? "failed" : index % 7 === 0 ? "not_applicable" : "passed",
      duration_ms: 3,
      failures: failed
        ? [
            {
              endpoint: "POST /parse-inbound",
              message: "is_bot was false for a bot message",
              expected: "true",
              actual: "false",
              pointer: "/is_bot",
              curl: `curl -sS -X POST 'http://127.0.0.1:9/${slug}/parse-inbound' -H 'Content-Type: application/json' -d '{}'`,
            },
          ]
        : [],
    };
  });
  const count = (status: string) => checks.filter((check) => check.status === status).length;
  const [passed, failed] = [count("passed"), count("failed")];
  // The planted report's runner, options and times, with this App and these checks.
  return {
    ...PLANTED_REPORT,
    adapter: { ...PLANTED_REPORT.adapter, url: `http://127.0.0.1:9/${slug}`, slug },
    checks,
    summary: {
      total: checks.length,
      passed,
      failed,
      not_applicable: checks.length - passed - failed,
      skipped: 0,
      required_failed: failed,
    },
  };
}

/** Stores a finished review of an App with a full-size report; answers its id. */
export function seedReview(service: Service, slug: string): Promise<number> {
  return plantReview(service, slug, reportOf(slug));
}
