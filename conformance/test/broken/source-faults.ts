import { randomBytes } from "node:crypto";
import { posix } from "node:path";
import { listChanges, REFERENCE_FILES } from "../reference/sources.ts";
import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer, withJson } from "./behaviour-helpers.ts";

/** Serves any file of its tree by its normalised path, whatever resource_path the source was given. */
export const fetchFileUnconfined: BrokenAdapter = {
  fault: "fetch-file serves paths outside the resource",
  adapter: {
    overrides: {
      "fetch-file": (request) => {
        const path = (request.json as { file_path?: unknown } | undefined)?.file_path;
        const content = typeof path === "string" ? REFERENCE_FILES[posix.normalize(path)] : undefined;
        if (content === undefined) return undefined;
        return { status: 200, body: { content_base64: Buffer.from(content).toString("base64") } };
      },
    },
  },
  caughtBy: ["sources.fetch-file-confined"],
};

/** Makes each listing's fingerprints unique (an etag minted per request, not per file version). */
export const fingerprintPerListing: BrokenAdapter = {
  fault: "fingerprints change between two listings of unchanged files",
  adapter: {
    overrides: {
      "list-changes": (_request, reference) => {
        const etag = randomBytes(4).toString("hex");
        return editAnswer(reference, (body) => ({
          ...body,
          changes: (body.changes as { fingerprint: unknown }[]).map((change) =>
            change.fingerprint === null ? change : { ...change, fingerprint: `${String(change.fingerprint)}-${etag}` },
          ),
        }));
      },
    },
  },
  caughtBy: ["sources.fingerprints-stable"],
};

/** Reads a cursor without its `payload.mac` shape as a fresh start (a lenient "legacy cursor" path). */
export const unreadableCursorRestarts: BrokenAdapter = {
  fault: "an unreadable cursor restarts the listing",
  adapter: {
    overrides: {
      "list-changes": (request) => {
        const json = request.json as { cursor?: unknown } | undefined;
        if (typeof json?.cursor !== "string" || json.cursor.includes(".")) return undefined;
        return listChanges(withJson(request, { ...json, cursor: null }));
      },
    },
  },
  caughtBy: ["sources.unknown-cursor-rejected"],
};

/** The sources faults of issue 19, one check each. */
export const SOURCE_FAULTS: readonly BrokenAdapter[] = [
  fetchFileUnconfined,
  fingerprintPerListing,
  unreadableCursorRestarts,
];
