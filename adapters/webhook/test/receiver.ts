import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the test receiver got. */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** How the receiver answers: an HTTP status, or cutting the connection. */
export type Answer = { status: number; location?: string } | "destroy";

/** A programmable local HTTP receiver on port 0, standing in for whatever the webhook adapter delivers to. */
export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Sets how every following request is answered; default 200. */
  answerWith(answer: Answer): void;
  close(): Promise<void>;
}

/** Starts a {@link Receiver}. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let answer: Answer = { status: 200 };
  const server = createServer((req, res) => void record(req, res, received, answer));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (next) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function record(req: IncomingMessage, res: ServerResponse, received: Received[], answer: Answer): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
  received.push({
    method: req.method ?? "",
    path: req.url ?? "",
    headers,
    body: Buffer.concat(chunks).toString("utf8"),
  });
  if (answer === "destroy") {
    req.socket.destroy();
    return;
  }
  res.writeHead(answer.status, answer.location ? { location: answer.location } : {}).end("{}");
}
