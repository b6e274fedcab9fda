import type { ServerResponse } from "node:http";
import {
  type AdapterEndpointDef,
  exceedsJsonDepth,
  inboundTriggerResponseSchema,
  parseInboundTriggerResponseSchema,
} from "@adapterkit/contract/adapter";
import type { z } from "zod";
import type { FileBytes, FileStream } from "../define/handler-types.ts";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { toIssues } from "../errors/to-issues.ts";
import { JSON_TYPE, sendText } from "./send.ts";
import { sendStream } from "./send-stream.ts";
import type { Settings } from "./settings.ts";

/**
 * How deep a handler's JSON answer may nest: far above any real answer and the 64 levels a request may have (D105),
 * far below where a runtime's serialiser runs out of stack (about 5,000 levels on Node 20).
 */
export const MAX_ANSWER_DEPTH = 1000;

/** Whether a handler answered with raw file bytes (D7) rather than JSON. */
export function isFileBytes(output: unknown): output is FileBytes {
  return typeof output === "object" && output !== null && (output as FileBytes).bytes instanceof Uint8Array;
}

/** Whether a handler answered with a stream of file bytes. */
export function isFileStream(output: unknown): output is FileStream {
  const stream = typeof output === "object" && output !== null ? (output as FileStream).stream : undefined;
  return typeof stream === "object" && stream !== null && Symbol.asyncIterator in stream;
}

/**
 * Sends a handler's answer: bytes as they are or streamed (only where D7 allows), JSON checked against the endpoint's
 * 200 schema when `validateResponses` is on. A breach, or an answer JSON cannot hold (cyclic, nested too deep for
 * the serialiser's stack, a BigInt), is the adapter's bug: it is logged and answers a 500 that says which.
 */
export function renderOutput(
  res: ServerResponse,
  options: { row: AdapterEndpointDef; input: unknown; output: unknown; settings: Settings; log: () => Settings["log"] },
): void | Promise<void> {
  const { row, output } = options;
  if (row.id === "fetch-file" && isFileBytes(output)) {
    sendText(res, 200, output.bytes, output.contentType || "application/octet-stream");
    return;
  }
  if (row.id === "fetch-file" && isFileStream(output)) return sendStream(res, output, options.log);
  if (!options.settings.validateResponses) {
    sendText(res, 200, serialise(output, options), JSON_TYPE);
    return;
  }
  const checked = responseSchemaFor(row, options.input).safeParse(output);
  if (!checked.success) {
    options
      .log()
      .error({ issues: toIssues(checked.error.issues) }, `the ${row.handler} handler answered outside the contract`);
    throw new AdapterHttpError(
      "internal_error",
      "The adapter produced an answer that breaks the contract; see its log.",
    );
  }
  sendText(res, 200, serialise(checked.data, options), JSON_TYPE);
}

function serialise(output: unknown, options: { row: AdapterEndpointDef; log: () => Settings["log"] }): string {
  let text: string | undefined;
  let failure: unknown;
  try {
    text = JSON.stringify(output);
  } catch (error) {
    failure = error;
  }
  // Whether the serialiser's stack overflows first depends on the runtime (Node 20 throws on 100,000 levels, Node 26
  // does not); a bound far below any runtime's stack makes the answer the same on each.
  if (text !== undefined && exceedsJsonDepth(text, MAX_ANSWER_DEPTH)) {
    failure = new RangeError(`the answer is nested deeper than ${MAX_ANSWER_DEPTH} levels`);
    text = undefined;
  }
  if (text !== undefined) return text;
  // Only the serialiser's own message is logged (it names no values), never the answer itself.
  const err = failure ?? new TypeError(`JSON.stringify produced nothing for a ${typeof output}`);
  options.log().error({ err }, `the ${options.row.handler} handler's answer cannot be serialised as JSON`);
  throw new AdapterHttpError(
    "internal_error",
    "The adapter produced an answer that cannot be serialised as JSON; see its log.",
  );
}

/**
 * The 200 schema of a row; in trigger mode `/parse-inbound` messages must also carry `event_type`
 * (contract.md#inbound-modes).
 */
function responseSchemaFor(row: AdapterEndpointDef, input: unknown): z.ZodType {
  const trigger = (input as { mode?: unknown }).mode === "trigger";
  if (trigger && row.id === "parse-inbound") return parseInboundTriggerResponseSchema;
  if (trigger && row.id === "inbound") return inboundTriggerResponseSchema;
  const schema = row.responses[200]?.schema;
  if (!schema) throw new Error(`endpoint ${row.id} has no 200 schema`);
  return schema;
}
