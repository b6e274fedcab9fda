import type { IncomingMessage, ServerResponse } from "node:http";
import type { AdapterEndpointDef } from "@adapterkit/contract/adapter";
import type { Adapter } from "../define/define-adapter.ts";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { checkServiceSignature } from "./check-service-signature.ts";
import { servesCombinedInbound } from "./get-routes.ts";
import { idempotencyKeyOf } from "./idempotency-cache.ts";
import { parseInput } from "./parse-input.ts";
import { readBody } from "./read-body.ts";
import { renderFailure } from "./render-failure.ts";
import { renderOutput } from "./render-output.ts";
import { RequestContext } from "./request-context.ts";
import type { Settings } from "./settings.ts";

/** Serves one handler endpoint of the table: read, D9 check, parse, validate, call, check the answer, render. */
export function createPostRoute(
  row: AdapterEndpointDef,
  adapter: Adapter,
  settings: Settings,
): (req: IncomingMessage, res: ServerResponse) => void {
  const requestSchema = row.request?.schema;
  if (!requestSchema) throw new Error(`endpoint ${row.id} has no request schema`);
  const handler =
    row.id === "inbound" && !servesCombinedInbound(adapter, settings) ? undefined : adapter.handlers.get(row.id);
  const { signingSecret, bodyLimit } = settings;
  const adapterLog = settings.log.child({ adapter: adapter.slug });

  const run = async (req: IncomingMessage, res: ServerResponse) => {
    const idempotencyKey = row.id === "deliver" ? headerOf(req, "idempotency-key") : undefined;
    const cache = idempotencyKey === undefined ? undefined : settings.idempotency;
    const context = new RequestContext({
      headers: req.headers,
      res,
      log: adapterLog,
      endpoint: row.id,
      outbound: settings.outbound,
      detached: cache !== undefined,
    });
    const log = () => context.log;
    try {
      const body = await readBody(req, bodyLimit);
      if (signingSecret !== undefined) {
        checkServiceSignature({ secret: signingSecret, headers: req.headers, body, ...nowOf(settings) });
      }
      const input = parseInput(body, requestSchema, adapter.credentialsSchema);
      if (handler === undefined) {
        throw new AdapterHttpError("not_implemented", `${row.method} ${row.path} is not implemented by this adapter.`);
      }
      let output: unknown =
        cache === undefined
          ? handler(input, context)
          : cache.run(
              idempotencyKeyOf([adapter.slug, context.organizationId, idempotencyKey], body),
              async () => handler(input, context),
              (answer) => (answer as { ok?: unknown } | undefined)?.ok === true,
            );
      if (isThenable(output)) output = await output;
      const rendering = renderOutput(res, { row, input, output, settings, log });
      if (rendering !== undefined) await rendering;
    } catch (error) {
      renderFailure(res, { row, error, log });
    }
  };
  return (req, res) => void run(req, res);
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === "" || text.length > 255 ? undefined : text;
}

function nowOf(settings: Settings): { now?: () => number } {
  return settings.now ? { now: settings.now } : {};
}

// A handler that answers at once is not awaited: each await costs the request a turn of the microtask queue.
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null | undefined)?.then === "function";
}
