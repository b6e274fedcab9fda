import type { FetchFileRequest } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { callFailure } from "../parse-inbound/call-failure.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { fieldOf, judgeWalk, listedEntries, type RuleFindings, type Walked } from "./judge-walk.ts";

/** At most this many files are fetched, this many at a time. */
const MAX_FILES = 100;
const PARALLEL = 4;

/** Every path the listing says is added or modified (and not removed later) is fetchable, in either D7 form. */
export const changedFilesFetchable: ConformanceCheck = {
  id: "sources.changed-files-fetchable",
  group: "sources",
  level: "required",
  rationale: "The service fetches each added or modified file it was told about (contract.md#sources-fetch-file, D7).",
  appliesWhen: () => true,
  run: (ctx) => judgeWalk(ctx, (walk) => fetchAll(ctx, walk)),
};

async function fetchAll(ctx: ConformanceContext, walk: Walked): Promise<RuleFindings> {
  const paths = [...present(walk)].slice(0, MAX_FILES);
  if (paths.length === 0)
    return {
      notApplicable: "no listed file is left added or modified (nothing listed, or all removed), so none to fetch",
    };
  const failures: CheckFailure[] = [];
  for (let start = 0; start < paths.length; start += PARALLEL) {
    const batch = paths.slice(start, start + PARALLEL);
    const answers = await Promise.all(batch.map((path) => fetchOne(ctx, walk.resourcePath, path)));
    for (const failure of answers) if (failure !== undefined) failures.push(failure);
  }
  return failures;
}

/** Paths whose last listed status is added or modified. */
function present(walk: Walked): Set<string> {
  const paths = new Set<string>();
  for (const { entry } of listedEntries(walk)) {
    const path = fieldOf(entry, "path");
    const status = fieldOf(entry, "status");
    if (typeof path !== "string" || path === "") continue;
    if (status === "added" || status === "modified") paths.add(path);
    else if (status === "removed") paths.delete(path);
  }
  return paths;
}

async function fetchOne(
  ctx: ConformanceContext,
  resourcePath: string,
  path: string,
): Promise<CheckFailure | undefined> {
  const body: FetchFileRequest = {
    credentials: { ...goodCredentials(ctx) },
    resource_path: resourcePath,
    file_path: path,
  };
  const result = await ctx.client.fetchFile(body);
  return result.ok
    ? undefined
    : callFailure(ctx, { endpoint: "fetch-file", body }, result, `listed file ${JSON.stringify(path)}`);
}
