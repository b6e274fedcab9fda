import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import type { StandInSummary } from "./start-stand-ins.ts";

/** What an earlier start's stand-ins were: their ports and the secrets they made up, by stand-in name. */
export type PreviousStandIns = ReadonlyMap<
  string,
  { readonly port: number; readonly credentials: Record<string, unknown> }
>;

/**
 * D464: the stand-ins an earlier start wrote to `demo-credentials.json`; an empty map when there is none or it does
 * not read as such (it is the project's own file, rewritten each start).
 */
export async function readPreviousStandIns(file: string): Promise<PreviousStandIns> {
  const text = await readFile(file, "utf8").catch(() => "[]");
  let summaries: unknown;
  try {
    summaries = JSON.parse(text);
  } catch {
    return new Map();
  }
  if (!Array.isArray(summaries)) return new Map();
  const entries = (summaries as Partial<StandInSummary>[]).flatMap((summary) => {
    if (typeof summary?.adapter !== "string" || typeof summary.url !== "string") return [];
    const port = Number(URL.canParse(summary.url) ? new URL(summary.url).port : "");
    if (!Number.isInteger(port) || port <= 0) return [];
    return [[summary.adapter, { port, credentials: summary.credentials ?? {} }] as const];
  });
  return new Map(entries);
}

/** The port a stand-in listened on last time when nothing listens there now, else 0 (a free one). */
export function portToReuse(port: number | undefined, host = "127.0.0.1"): Promise<number> {
  if (port === undefined) return Promise.resolve(0);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(0));
    probe.listen(port, host, () => probe.close(() => resolve(port)));
  });
}

/** A string secret an earlier start's stand-in handed out, to hand out again. */
export function previousSecret(previous: PreviousStandIns, standIn: string, name: string): string | undefined {
  const value = previous.get(standIn)?.credentials[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}
