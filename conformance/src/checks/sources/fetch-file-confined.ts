import type { FetchFileRequest } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { fieldOf, judgeWalk, listedEntries, type Walked } from "./judge-walk.ts";

/** A folder below the resource that the probes pretend is the resource. */
const SUBFOLDER = "adapterkit-confined";

/**
 * `/sources/fetch-file` reads only below `resource_path`. With a folder below the listed resource as the resource,
 * a listed file (outside it) and the same file reached through `..` must each be refused with a 4xx: an adapter
 * that ignores resource_path or normalises `..` away serves files the source was never given.
 */
export const fetchFileConfined: ConformanceCheck = {
  id: "sources.fetch-file-confined",
  group: "sources",
  level: "required",
  rationale:
    "A source reads only below its resource_path: a file_path outside it, or leaving it through .., is a 4xx, never the file (SPEC POST /sources/fetch-file, D7).",
  appliesWhen: () => true,
  run: (ctx) => judgeWalk(ctx, (walk) => probe(ctx, walk)),
};

async function probe(ctx: ConformanceContext, walk: Walked): Promise<CheckFailure[]> {
  const root = walk.resourcePath.replace(/\/+$/, "");
  const listed = listedEntries(walk)
    .map(({ entry }) => fieldOf(entry, "path"))
    .find((path): path is string => typeof path === "string" && path.startsWith(`${root}/`));
  if (listed === undefined) return [];
  const resource = `${root}/${SUBFOLDER}`;
  const probes = [
    { what: "a listed file outside the resource", file: listed },
    {
      what: "a listed file reached by leaving the resource through ..",
      file: `${resource}/..${listed.slice(root.length)}`,
    },
  ];
  const failures: CheckFailure[] = [];
  for (const { what, file } of probes) {
    const body: FetchFileRequest = {
      credentials: { ...goodCredentials(ctx) },
      resource_path: resource,
      file_path: file,
    };
    const call = { endpoint: "fetch-file" as const, body };
    const result = await ctx.client.fetchFile(body);
    if (result.ok) {
      failures.push(
        checkFailure(ctx, call, {
          message: `${what} was served (resource_path ${resource})`,
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
