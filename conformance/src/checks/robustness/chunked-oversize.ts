import { request as httpRequest } from "node:http";
import { Readable } from "node:stream";
import { signRequest } from "@adapterkit/client";
import { adapterEndpoint } from "@adapterkit/contract";
import { type Dispatcher, request as undiciRequest } from "undici";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { requiresPosts } from "../shared/required-posts.ts";
import type { BadAnswer, BadRequest } from "./bad-request.ts";
import { failureRequest } from "./failure-request.ts";
import { oversizeRequests } from "./oversize-requests.ts";
import { refusalProblem } from "./refusal-problem.ts";

/** Bytes written per chunk: the body arrives as a stream of these, with no Content-Length. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The 2 MiB body of `robustness.oversize-body`, sent with `Transfer-Encoding: chunked` and no `Content-Length`,
 * is refused the same way: an adapter that bounds only what the header declares reads a chunked body without end.
 */
export const chunkedOversize: ConformanceCheck = {
  id: "robustness.chunked-oversize",
  group: "robustness",
  level: "required",
  rationale:
    "D8: the body limit bounds what is read, not what Content-Length declares: a 2 MiB chunked body is a 413 like any other.",
  appliesWhen: requiresPosts,
  run: async (ctx) => {
    const answers = await Promise.all(oversizeRequests(ctx).map((request) => sendChunked(ctx, request)));
    return outcomeOf(
      answers.flatMap((answer) => {
        const problem = refusalProblem(answer);
        return problem === undefined ? [] : [ctx.failure({ ...failureRequest(answer.request), ...problem })];
      }),
    );
  },
};

function sendChunked(ctx: ConformanceContext, bad: BadRequest): Promise<BadAnswer> {
  const what = { ...bad, what: "a 2 MiB chunked body (no Content-Length)" };
  const text = JSON.stringify(bad.body);
  const headers: Record<string, string> = { "content-type": "application/json", "transfer-encoding": "chunked" };
  if (ctx.signingSecret !== undefined) Object.assign(headers, signRequest({ secret: ctx.signingSecret, body: text }));
  const url = new URL(`${ctx.adapterUrl}${adapterEndpoint(bad.endpoint).path}`);
  if (ctx.dispatcher !== undefined)
    return sendOver(ctx.dispatcher, { url, headers, text, timeoutMs: ctx.timeoutMs, what });
  return new Promise((resolve) => {
    const done = (status: number | undefined, body: string, contentType?: string) =>
      resolve({ request: what, status, text: body, contentType });
    const req = httpRequest(url, { method: "POST", headers, timeout: ctx.timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done(res.statusCode, Buffer.concat(chunks).toString("utf8"), res.headers["content-type"]));
      res.on("error", () => done(res.statusCode, Buffer.concat(chunks).toString("utf8")));
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) => done(undefined, error.message));
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) req.write(bytes.subarray(at, at + CHUNK_BYTES));
    req.end();
  });
}

/** The same request through a dispatcher (the service's outbound guard); undici chunks a stream body by itself. */
async function sendOver(
  dispatcher: Dispatcher,
  options: { url: URL; headers: Record<string, string>; text: string; timeoutMs: number; what: BadAnswer["request"] },
): Promise<BadAnswer> {
  const { "transfer-encoding": _chunked, ...headers } = options.headers;
  const bytes = Buffer.from(options.text);
  const chunks = function* () {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
  };
  try {
    const response = await undiciRequest(options.url, {
      method: "POST",
      headers,
      body: Readable.from(chunks()),
      dispatcher,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const contentType = response.headers["content-type"];
    return {
      request: options.what,
      status: response.statusCode,
      text: await response.body.text(),
      contentType: Array.isArray(contentType) ? contentType[0] : contentType,
    };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { request: options.what, status: undefined, text, contentType: undefined };
  }
}
