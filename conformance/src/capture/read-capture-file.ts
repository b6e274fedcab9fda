import { INBOUND_MODES, type InboundMode } from "@adapterkit/contract";
import { z } from "zod";
import { ConformanceUsageError } from "../runner/usage-error.ts";

/** One platform webhook from a capture file: the D2 envelope without credentials (or with them), and a mode. */
export interface PlatformRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string | string[]>;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly body_encoding?: "base64";
  readonly mode?: InboundMode;
  readonly credentials?: Record<string, unknown>;
}

const headerList = z.array(z.strictObject({ name: z.string(), value: z.string() }).loose());
const lineSchema = z.looseObject({
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .optional(),
  path: z.string().startsWith("/").optional(),
  url: z.string().optional(),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  headers: z.union([z.record(z.string(), z.string()), headerList]).optional(),
  body: z.unknown().optional(),
  body_encoding: z.literal("base64").optional(),
  mode: z.enum(INBOUND_MODES).optional(),
  credentials: z.record(z.string(), z.unknown()).optional(),
});
const harSchema = z.looseObject({
  log: z.looseObject({
    entries: z.array(
      z.looseObject({
        request: z.looseObject({
          method: z.string(),
          url: z.string(),
          headers: headerList,
          postData: z.looseObject({ text: z.string().optional(), encoding: z.string().optional() }).optional(),
        }),
      }),
    ),
  }),
});

/**
 * Reads a file of captured platform requests: JSON Lines (one request a line: `method`, `path` or `url`, `query`,
 * `headers` as an object or HAR-style `[{ name, value }]`, `body` as text or any JSON, `body_encoding`, `mode`,
 * `credentials`), a JSON array of the same, or a HAR file (its entries' requests).
 * @throws ConformanceUsageError naming the line (or entry) that is not a request.
 */
export function readCaptureFile(text: string, source: string): PlatformRequest[] {
  const whole = parseJson(text.trim());
  if (whole !== undefined && !Array.isArray(whole) && typeof whole === "object" && whole !== null && "log" in whole) {
    const har = harSchema.safeParse(whole);
    if (!har.success) throw new ConformanceUsageError(`${source}: not a HAR file (${har.error.issues[0]?.message})`);
    return har.data.log.entries.map(({ request }) =>
      toRequest(
        { method: request.method, url: request.url, headers: request.headers, body: request.postData?.text ?? "" },
        `${source} entry`,
      ),
    );
  }
  const items: [number, unknown][] = Array.isArray(whole)
    ? whole.map((item, index) => [index + 1, item])
    : text.split("\n").flatMap((line, index): [number, unknown][] => {
        if (line.trim() === "") return [];
        const value = parseJson(line);
        if (value === undefined) throw new ConformanceUsageError(`${source} line ${index + 1}: not JSON`);
        return [[index + 1, value]];
      });
  if (items.length === 0) throw new ConformanceUsageError(`${source}: no request in it`);
  return items.map(([line, item]) => {
    const parsed = lineSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConformanceUsageError(
        `${source} line ${line}: /${issue?.path.join("/") ?? ""} ${issue?.message ?? ""}`,
      );
    }
    return toRequest(parsed.data, `${source} line ${line}`);
  });
}

function toRequest(line: z.infer<typeof lineSchema>, where: string): PlatformRequest {
  const url = line.url === undefined ? undefined : safeUrl(line.url, where);
  const query: Record<string, string | string[]> = { ...line.query };
  for (const [name, value] of url?.searchParams ?? []) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  const headers: Record<string, string> = {};
  const pairs = Array.isArray(line.headers)
    ? line.headers.map(({ name, value }) => [name, value] as const)
    : Object.entries(line.headers ?? {});
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    if (key.startsWith(":")) continue; // HTTP/2 pseudo-headers in HAR files
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  const body = line.body === undefined ? "" : typeof line.body === "string" ? line.body : JSON.stringify(line.body);
  return {
    method: (line.method ?? "POST").toUpperCase(),
    path: line.path ?? url?.pathname ?? "/",
    query,
    headers,
    body,
    ...(line.body_encoding === undefined ? {} : { body_encoding: line.body_encoding }),
    ...(line.mode === undefined ? {} : { mode: line.mode }),
    ...(line.credentials === undefined ? {} : { credentials: line.credentials }),
  };
}

function safeUrl(text: string, where: string): URL {
  try {
    return new URL(text, "http://platform.invalid");
  } catch {
    throw new ConformanceUsageError(`${where}: url is not a URL`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
