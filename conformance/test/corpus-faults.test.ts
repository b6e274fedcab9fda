import { randomBytes } from "node:crypto";
import { posix } from "node:path";
import { defineAdapter, type FetchFileHandler, type ListChangesHandler } from "@adapterkit/sdk";
import { describe, expect, it } from "vitest";
import { failuresOf, statusesOf } from "./broken/behaviour-run.ts";
import {
  CURRENT_FILES,
  fetchFile,
  HISTORY,
  listChanges as listHistory,
  relativeHistoryAdapter,
} from "./corpus/relative-history.ts";
import { noSuchFile, SOURCES_FIXTURES, sourcesManifest, verifyToken } from "./corpus/source-kit.ts";
import { runAgainstAdapter } from "./run-against-adapter.ts";

const manifest = sourcesManifest("Corpus relative history", "relative-history");

/** The whole disk of a host whose adapter joins resource_path and file_path and reads what that names. */
const DISK = new Map([
  ...[...CURRENT_FILES].map(([path, content]) => [`/docs/${path}`, content] as const),
  ["/etc/passwd", "root:x:0:0:root:/root:/bin/sh\n"],
  ["/docs-private/salaries.md", "# Salaries\n"],
]);

/** Relative paths taken relative to resource_path and normalised: `../../etc/passwd` leaves the resource. */
const fetchJoined: FetchFileHandler<typeof manifest> = ({ resource_path, file_path }) => {
  const content = DISK.get(posix.join(resource_path, file_path));
  if (content === undefined) throw noSuchFile();
  return { bytes: new TextEncoder().encode(content), contentType: "text/plain" };
};

describe("the runner against planted faults in the corpus styles", () => {
  it("passes a change log that lists one file's history across pages (added e1, then modified e3)", async () => {
    expect(HISTORY.filter((change) => change.path === "a.md").map((change) => change.fingerprint)).toEqual([
      "e1",
      "e3",
    ]);
    const { report, failures } = await runAgainstAdapter(relativeHistoryAdapter, {
      fixtures: SOURCES_FIXTURES,
      only: ["sources"],
    });
    expect(failures).toEqual({});
    expect(statusesOf(report, "sources.fingerprints-stable")).toEqual({ "sources.fingerprints-stable": "passed" });
  });

  it("fails a change log whose fingerprints change from one walk to the next", async () => {
    const listMinted: ListChangesHandler<typeof manifest> = async (input, context) => {
      const answer = await listHistory(input, context);
      const etag = randomBytes(4).toString("hex");
      return {
        ...answer,
        changes: answer.changes.map((change) =>
          change.fingerprint === null ? change : { ...change, fingerprint: `${change.fingerprint}-${etag}` },
        ),
      };
    };
    const minted = defineAdapter({
      manifest,
      verify: verifyToken,
      sources: { listChanges: listMinted, fetchFile },
    });
    const { report } = await runAgainstAdapter(minted, { fixtures: SOURCES_FIXTURES, only: ["sources"] });
    expect(statusesOf(report, "sources.fingerprints-stable")).toEqual({ "sources.fingerprints-stable": "failed" });
  });

  it("fails an adapter with relative paths that serves ../../etc/passwd", async () => {
    const unconfined = defineAdapter({
      manifest,
      verify: verifyToken,
      sources: { listChanges: listHistory, fetchFile: fetchJoined },
    });
    const { report } = await runAgainstAdapter(unconfined, { fixtures: SOURCES_FIXTURES, only: ["sources"] });
    expect(statusesOf(report, "sources.fetch-file-confined")).toEqual({ "sources.fetch-file-confined": "failed" });
    expect(failuresOf(report, "sources.fetch-file-confined").map((failure) => failure.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/through \.\. \(relative path\) was served/)]),
    );
  });

  it("fails an adapter whose listing names a file outside resource_path", async () => {
    const listOutside: ListChangesHandler<typeof manifest> = async (input, context) => {
      const answer = await listHistory(input, context);
      const [first] = answer.changes;
      if (input.cursor !== null || first === undefined) return answer;
      return { ...answer, changes: [...answer.changes, { ...first, path: "../docs-private/salaries.md" }] };
    };
    const leaky = defineAdapter({
      manifest,
      verify: verifyToken,
      sources: { listChanges: listOutside, fetchFile },
    });
    const { report } = await runAgainstAdapter(leaky, {
      fixtures: SOURCES_FIXTURES,
      only: ["sources.changes-under-resource-path"],
    });
    expect(failuresOf(report, "sources.changes-under-resource-path")).toMatchObject([
      {
        pointer: expect.stringMatching(/^\/changes\/\d+\/path$/),
        message: expect.stringContaining("outside resource_path"),
      },
    ]);
  });
});
