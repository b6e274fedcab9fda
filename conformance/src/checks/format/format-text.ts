import type { ClientResult } from "@adapterkit/client";
import { type FormatRequest, type FormatResponse, isChannelApp, type Manifest } from "@adapterkit/contract";
import type { ConformanceContext } from "../../context.ts";
import type { SentCall } from "../parse-inbound/call-failure.ts";
import { goodCredentials } from "../shared/good-credentials.ts";

/** `appliesWhen` of the format checks: every channel app implements `/format` (D9a). */
export function formats(manifest: Manifest): boolean | string {
  return isChannelApp(manifest) || "not a channel app (no send or receive capability)";
}

/** A `/format` call and its answer. */
export interface FormatCall {
  readonly call: SentCall;
  readonly result: ClientResult<FormatResponse>;
}

/** Sends a text to `/format` with the good credentials (D6 allows them, and a platform may need them). */
export async function formatText(ctx: ConformanceContext, text: string): Promise<FormatCall> {
  const body: FormatRequest = { text, credentials: { ...goodCredentials(ctx) } };
  return { call: { endpoint: "format", body }, result: await ctx.client.format(body) };
}

/** The fixtures' optional `format.samples`: Markdown in, the platform's text out, compared exactly. */
export function formatSamples(ctx: ConformanceContext): readonly { readonly text: string; readonly expect: string }[] {
  const block = (ctx.fixtures as { readonly format?: { readonly samples?: unknown } }).format;
  const samples = block?.samples;
  if (!Array.isArray(samples)) return [];
  return samples.filter(
    (sample): sample is { text: string; expect: string } =>
      typeof sample === "object" &&
      sample !== null &&
      typeof sample.text === "string" &&
      typeof sample.expect === "string",
  );
}
