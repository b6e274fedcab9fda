import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenStandIn } from "@adapterkit/sdk/testing";
import type { CapturedDelivery } from "../check.ts";
import type { PlatformRoute } from "../fixtures/fixtures.ts";
import type { DeliveryLog } from "./delivery-log.ts";
import { type IncomingCall, matchRoute } from "./match-route.ts";

/** A canned failure armed by `failNext`. */
export interface ArmedFailure {
  readonly method?: string;
  readonly path: string;
  /** Narrows the failure to the requests it accepts, so a concurrent check on the same route is not hit. */
  readonly matches?: (request: CapturedDelivery) => boolean;
  readonly status: number;
  readonly body?: unknown;
  /** Answers only after this long (a platform that hangs); the answer is dropped if the caller gave up first. */
  readonly delayMs?: number;
  remaining: number;
}

/** The HTTP side of the stand-in: answers from its routes, captures every request into the log. */
export interface HttpStandIn {
  readonly url: string;
  setRoutes(routes: readonly PlatformRoute[]): void;
  armFailure(failure: ArmedFailure): void;
  /** Redirects every request under `prefix` to `location` until the returned function is called. */
  redirectUnder(prefix: string, location: string): () => void;
  /** Drops every connection under `prefix` unanswered until the returned function is called. */
  dropUnder(prefix: string): () => void;
  close(): Promise<void>;
}

/** Starts the HTTP stand-in on 127.0.0.1, port 0. */
export async function startHttpStandIn(log: DeliveryLog): Promise<HttpStandIn> {
  let routes: readonly PlatformRoute[] = [];
  const failures: ArmedFailure[] = [];
  // A location redirects; null drops the connection unanswered.
  const redirects = new Map<string, string | null>();
  const server: Server = createServer((req, res) => {
    readCall(req).then(
      (call) => {
        const request: CapturedDelivery = {
          protocol: "http",
          method: call.method,
          path: call.path,
          headers: call.headers,
          body: call.body,
          ...(call.json === undefined ? {} : { json: call.json }),
          receivedAt: Date.now(),
        };
        log.add(request);
        const redirect = [...redirects].find(([prefix]) => call.path.startsWith(prefix));
        if (redirect !== undefined) {
          if (redirect[1] === null) {
            res.socket?.destroy();
            return;
          }
          res.writeHead(307, { location: redirect[1], "content-length": "0" });
          res.end();
          return;
        }
        answer(res, { call, request }, routes, failures);
      },
      () => res.destroy(),
    );
  });
  const port = await listenStandIn(server);
  return {
    url: `http://127.0.0.1:${port}`,
    setRoutes: (next) => {
      routes = next;
    },
    armFailure: (failure) => failures.push(failure),
    redirectUnder: (prefix, location) => {
      redirects.set(prefix, location);
      return () => redirects.delete(prefix);
    },
    dropUnder: (prefix) => {
      redirects.set(prefix, null);
      return () => redirects.delete(prefix);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(
  res: ServerResponse,
  { call, request }: { call: IncomingCall; request: CapturedDelivery },
  routes: readonly PlatformRoute[],
  failures: ArmedFailure[],
): void {
  const failure = failures.find(
    (armed) =>
      armed.remaining > 0 &&
      armed.path === call.path &&
      (armed.method === undefined || armed.method.toUpperCase() === call.method) &&
      (armed.matches === undefined || armed.matches(request)),
  );
  if (failure) {
    failure.remaining -= 1;
    const send = () => {
      if (!res.destroyed) write(res, failure.status, failure.body ?? { error: "stand-in platform failure" }, {});
    };
    if (failure.delayMs === undefined) send();
    else setTimeout(send, failure.delayMs).unref();
    return;
  }
  const route = matchRoute(routes, call);
  if (route) write(res, route.status ?? 200, route.body ?? {}, route.headers ?? {});
  else write(res, 404, { error: "no stand-in route matches", method: call.method, path: call.path }, {});
}

function write(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>>): void {
  const isText = typeof body === "string";
  res.writeHead(status, { "content-type": isText ? "text/plain; charset=utf-8" : "application/json", ...headers });
  res.end(isText ? body : JSON.stringify(body));
}

async function readCall(req: IncomingMessage): Promise<IncomingCall> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString("utf8");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  let json: unknown;
  try {
    json = body === "" ? undefined : JSON.parse(body);
  } catch {
    json = undefined;
  }
  const path = new URL(req.url ?? "/", "http://stand-in").pathname;
  return { method: req.method ?? "GET", path, headers, body, json };
}
