import type { FetchFileRequest } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { confinementProbes } from "./confinement-probes.ts";
import { fieldOf, judgeWalk, listedEntries, type RuleFindings, type Walked } from "./judge-walk.ts";

/**
 * `/sources/fetch-file` reads only below `resource_path`. With a folder below the listed resource as the resource,
 * a listed file outside that folder must be refused with a 4xx however it is named: by its path below the
 * resource, through `..` in an absolute path, through `..` in a path relative to the resource, and through enough
 * `..` to leave the listed resource itself. The contract says only "file path", so listed paths may be absolute
 * (starting with resource_path) or relative to it; both styles are probed whichever the listing uses.
 */
export const fetchFileConfined: ConformanceCheck = {
  id: "sources.fetch-file-confined",
  group: "sources",
  level: "required",
  rationale:
    "A source reads only below its resource_path: a file_path outside it, or leaving it through .., is a 4xx, never the file (contract.md#sources-fetch-file, D7).",
  appliesWhen: () => true,
  run: (ctx) => judgeWalk(ctx, (walk) => probe(ctx, walk)),
};

async function probe(ctx: ConformanceContext, walk: Walked): Promise<RuleFindings> {
  const listed = listedEntries(walk)
    .map(({ entry }) => fieldOf(entry, "path"))
    .filter((path): path is string => typeof path === "string" && path !== "");
  const plan = confinementProbes(walk.resourcePath, listed);
  if (plan.kind === "none") return { notApplicable: plan.reason };
  const failures: CheckFailure[] = [];
  for (const { what, file } of plan.probes) {
    const body: FetchFileRequest = {
      credentials: { ...goodCredentials(ctx) },
      resource_path: plan.resource,
      file_path: file,
    };
    const call = { endpoint: "fetch-file" as const, body };
    const result = await ctx.client.fetchFile(body);
    if (result.ok) {
      failures.push(
        checkFailure(ctx, call, {
          message: `${what} was served (resource_path ${plan.resource})`,
          pointer: "/file_path",
          expected: "a 4xx (400 or 404)",
          actual: `${result.status} with ${result.value.bytes.length} byte(s)`,
        }),
      );
      continue;
    }
    const { error } = result;
    if (error.kind === "http_status" && error.status >= 400 && error.status < 500) continue;
    failures.push(callFailure(ctx, call, result, `${what} must be refused with a 4xx`));
  }
  return failures;
}
