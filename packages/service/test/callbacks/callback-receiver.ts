import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the receiver got. */
export interface ReceivedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly status: number;
}

/** A real HTTP receiver on port 0 that answers with the statuses it is told, in order, and records each request. */
export interface CallbackReceiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Sets the answers of the next requests; after the last, it keeps answering with the last. "hang" never answers. */
  answer(...statuses: (number | "hang")[]): void;
  /** Sets the body every answer carries from now on (empty by default). */
  answerBody(body: string): void;
  close(): Promise<void>;
}

/** Starts a callback receiver. */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  let answers: (number | "hang")[] = [204];
  let answerBody = "";
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = answers.length > 1 ? (answers.shift() as number | "hang") : (answers[0] ?? 204);
      const status = answer === "hang" ? 0 : answer;
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      if (answer === "hang") return;
      res.writeHead(answer, answer >= 300 && answer < 400 ? { location: "http://127.0.0.1:9/elsewhere" } : {});
      res.end(answer === 204 ? undefined : answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    answer(...statuses) {
      answers = statuses;
    },
    answerBody(body) {
      answerBody = body;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until the condition holds (the dispatcher is asynchronous); throws after about five seconds. */
export async function eventually<T>(read: () => T | Promise<T>, holds: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 250 && !holds(value); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  if (!holds(value)) throw new Error(`condition never held; last value ${JSON.stringify(value)}`);
  return value;
}
