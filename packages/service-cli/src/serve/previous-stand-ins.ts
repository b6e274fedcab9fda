import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { freeStandInPort, standInPortRange } from "@adapterkit/sdk/testing";
import type { StandInSummary } from "./stand-in-summary.ts";

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

/**
 * The port a stand-in listened on last time when nothing listens there now (and it is in the
 * `ADAPTERKIT_STANDIN_PORTS` range when that is set), else a free one of that range, else 0 (any free port).
 */
export async function portToReuse(
  port: number | undefined,
  host = "127.0.0.1",
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const range = standInPortRange(env);
  const inRange = port !== undefined && (range === undefined || (port >= range.first && port <= range.last));
  const free =
    inRange &&
    (await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, host, () => probe.close(() => resolve(true)));
    }));
  return free ? port : freeStandInPort(host, env);
}

/** A string secret an earlier start's stand-in handed out, to hand out again. */
export function previousSecret(previous: PreviousStandIns, standIn: string, name: string): string | undefined {
  const value = previous.get(standIn)?.credentials[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}
