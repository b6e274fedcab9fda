import type { ConformanceCheck } from "../../context.ts";
import { changedFilesFetchable } from "./changed-files-fetchable.ts";
import { changesUnderResourcePath } from "./changes-under-resource-path.ts";
import { fetchFileConfined } from "./fetch-file-confined.ts";
import { fingerprintNullIffRemoved } from "./fingerprint-null-iff-removed.ts";
import { fingerprintsStable } from "./fingerprints-stable.ts";
import { foreignCursorRejected } from "./foreign-cursor-rejected.ts";
import { noDuplicatePaths } from "./no-duplicate-paths.ts";
import { reachesFixedPoint } from "./reaches-fixed-point.ts";
import { statusEnum } from "./status-enum.ts";
import { tamperedCursorRejected } from "./tampered-cursor-rejected.ts";
import { unknownCursorRejected } from "./unknown-cursor-rejected.ts";

/** The sources checks (apply when the adapter answers the sources endpoints, D34). */
export const sourcesChecks: ConformanceCheck[] = [
  reachesFixedPoint,
  statusEnum,
  fingerprintNullIffRemoved,
  noDuplicatePaths,
  changesUnderResourcePath,
  changedFilesFetchable,
  tamperedCursorRejected,
  foreignCursorRejected,
  fetchFileConfined,
  fingerprintsStable,
  unknownCursorRejected,
];
