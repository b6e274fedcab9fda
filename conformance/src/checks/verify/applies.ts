import type { Manifest } from "@adapterkit/contract";
import type { ConformanceContext } from "../../context.ts";
import { hasGoodCredentials } from "../shared/valid-bodies.ts";

/** `/verify` is required when the manifest declares credentials, and testable when the fixtures give some. */
export function verifyApplies(manifest: Manifest, ctx: ConformanceContext): true | string {
  if (!Array.isArray(manifest.credentials) || manifest.credentials.length === 0)
    return "the manifest declares no credentials";
  if (!hasGoodCredentials(ctx)) return "the fixtures give no credentials.good";
  return true;
}
