import { connect } from "node:net";

/** One HTTP/1.1 request as bytes: any method, path bytes, repeated headers and body, which fetch would refuse. */
export interface RawRequest {
  readonly method: string;
  /** The request target exactly as sent (may hold bytes that are not UTF-8). */
  readonly target: Buffer;
  /** Sent in order; a name may repeat. Content-Length and Connection are added. */
  readonly headers: readonly (readonly [string, Buffer | string])[];
  readonly body: Buffer | null;
}

/** What came back: the status and content type, or the connection's fate when no status line arrived. */
export interface RawAnswer {
  readonly status: number | undefined;
  readonly contentType: string | undefined;
  readonly body: string;
  /** Set when the connection ended without a status line. */
  readonly error?: string;
}

/** Sends one request to a loopback server over a fresh connection (Connection: close) and reads the whole answer. */
export function sendRaw(base: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  if (hostname !== "127.0.0.1") throw new Error(`sendRaw talks to 127.0.0.1 only, not ${hostname}`);
  const head: Buffer[] = [Buffer.from(`${request.method} `, "latin1"), request.target, Buffer.from(" HTTP/1.1\r\n")];
  head.push(Buffer.from(`Host: 127.0.0.1:${port}\r\nConnection: close\r\n`, "latin1"));
  for (const [name, value] of request.headers) head.push(Buffer.from(`${name}: `, "latin1"), Buffer.from(value), CRLF);
  if (request.body !== null) head.push(Buffer.from(`Content-Length: ${request.body.length}\r\n`, "latin1"));
  head.push(CRLF);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: "127.0.0.1", port: Number(port) });
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      resolve(parseAnswer(Buffer.concat(chunks), error));
    };
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => finish());
    socket.on("close", () => finish());
    socket.on("error", (error) => finish(error));
    socket.write(Buffer.concat(head));
    if (request.body !== null) socket.write(request.body);
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer within 30 s")));
  });
}

const CRLF = Buffer.from("\r\n");

function parseAnswer(bytes: Buffer, error: Error | undefined): RawAnswer {
  const text = bytes.toString("latin1");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  const headEnd = text.indexOf("\r\n\r\n");
  const head = headEnd === -1 ? text : text.slice(0, headEnd);
  const contentType = /\r\ncontent-type:[ \t]*([^\r\n]*)/i.exec(head)?.[1];
  const body = headEnd === -1 ? "" : bytes.subarray(headEnd + 4).toString("utf8");
  if (status?.[1] === undefined) return { status: undefined, contentType, body, error: error?.message ?? "closed" };
  return { status: Number(status[1]), contentType, body };
}
