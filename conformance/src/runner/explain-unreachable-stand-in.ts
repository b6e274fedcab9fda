import { ADAPTER_ALLOWED_HOSTS, OUTBOUND_UNREACHABLE } from "@adapterkit/sdk";
import type { StandInPlatform } from "../check.ts";
import type { CheckResult } from "../report/report.ts";

/**
 * The runner's words for a run in which the adapter said it could not connect and the stand-in platform saw nothing:
 * its outbound guard refused the stand-in on 127.0.0.1 (architecture.md#a18), which only an allowance lets through.
 */
export function unreachableStandInHint(platform: Pick<StandInPlatform, "url" | "smtp">): string {
  const hosts = [new URL(platform.url).host, ...(platform.smtp ? [`${platform.smtp.host}:${platform.smtp.port}`] : [])];
  return (
    `the stand-in platform (${hosts.join(", ")}) saw no request in the whole run, so the adapter's outbound guard ` +
    `refused it (a loopback address): serve the adapter with ${ADAPTER_ALLOWED_HOSTS}=${hosts.join(",")} ` +
    `(or ${ADAPTER_ALLOWED_HOSTS}=127.0.0.1), as adapterkit dev does by itself`
  );
}

/**
 * When the stand-in platform saw no request and a failure carries the SDK's could-not-connect sentence, adds
 * {@link unreachableStandInHint} to that failure's message; otherwise the results are returned as they are.
 */
export function explainUnreachableStandIn(
  results: readonly CheckResult[],
  platform: Pick<StandInPlatform, "url" | "smtp" | "deliveries">,
): readonly CheckResult[] {
  if (platform.deliveries().length > 0) return results;
  const hint = unreachableStandInHint(platform);
  return results.map((result) => {
    if (!result.failures.some((failure) => JSON.stringify(failure).includes(OUTBOUND_UNREACHABLE))) return result;
    return {
      ...result,
      failures: result.failures.map((failure) =>
        JSON.stringify(failure).includes(OUTBOUND_UNREACHABLE)
          ? { ...failure, message: `${failure.message} (${hint})` }
          : failure,
      ),
    };
  });
}
