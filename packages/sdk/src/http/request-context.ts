import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { CONTEXT_HEADERS } from "@adapterkit/contract/adapter";
import type { Logger } from "pino";
import type { HandlerContext } from "../define/handler-types.ts";
import type { Outbound, OutboundPath } from "../outbound/create-outbound.ts";

const MAX_REQUEST_ID_LENGTH = 200;

/** The context one request's handler receives; the logger, request id and signal are made only when used. */
export class RequestContext implements HandlerContext {
  readonly organizationId: string | undefined;
  readonly projectId: string | undefined;
  readonly #headers: IncomingHttpHeaders;
  readonly #res: ServerResponse;
  readonly #baseLog: Logger;
  readonly #endpoint: string;
  readonly #detached: boolean;
  readonly #outbound: Outbound;
  #outboundPath: OutboundPath | undefined;
  #requestId: string | undefined;
  #log: Logger | undefined;
  #controller: AbortController | undefined;

  /** `detached`: the caller leaving does not abort the work (a keyed `/deliver` finishes for its retry, D174). */
  constructor(options: {
    headers: IncomingHttpHeaders;
    res: ServerResponse;
    log: Logger;
    endpoint: string;
    outbound: Outbound;
    detached?: boolean;
  }) {
    this.#outbound = options.outbound;
    this.#headers = options.headers;
    this.#detached = options.detached ?? false;
    this.#res = options.res;
    this.#baseLog = options.log;
    this.#endpoint = options.endpoint;
    this.organizationId = single(options.headers[CONTEXT_HEADERS.organizationId]);
    this.projectId = single(options.headers[CONTEXT_HEADERS.projectId]);
  }

  get requestId(): string {
    if (this.#requestId === undefined) {
      const given = single(this.#headers[CONTEXT_HEADERS.requestId]);
      this.#requestId = given && given.length <= MAX_REQUEST_ID_LENGTH ? given : randomUUID();
    }
    return this.#requestId;
  }

  get log(): Logger {
    this.#log ??= this.#baseLog.child({
      requestId: this.requestId,
      endpoint: this.#endpoint,
      organizationId: this.organizationId,
      projectId: this.projectId,
    });
    return this.#log;
  }

  get outbound(): OutboundPath {
    this.#outboundPath ??= this.#outbound.forRequest(this.log);
    return this.#outboundPath;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController();
      const res = this.#res;
      const abort = () => controller.abort(new Error("the caller closed the connection"));
      if (this.#detached) {
        // never aborted by the caller; the handler's own time-outs still apply
      } else if (res.destroyed && !res.writableFinished) abort();
      else res.once("close", () => res.writableFinished || abort());
      this.#controller = controller;
    }
    return this.#controller.signal;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === "" ? undefined : text;
}
