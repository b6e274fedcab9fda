import { createHmac, timingSafeEqual } from "node:crypto";
import { AdapterHttpError, type AdapterServer, defineAdapter, defineManifest, serve } from "@adapterkit/sdk";
import { pino } from "pino";

/** A document source with no credentials that lists its files a few per page, so a sync spans several pages. */
export const PAGING_MANIFEST = defineManifest({ schema_version: "1.0", name: "Pager", slug: "pager" });

const KEY = "paging-adapter-cursor-key";
const sign = (offset: number) => `${offset}.${createHmac("sha256", KEY).update(String(offset)).digest("base64url")}`;

function readCursor(cursor: string | null): number {
  if (cursor === null) return 0;
  const [offset = "", mac = ""] = cursor.split(".");
  const expected = Buffer.from(sign(Number(offset)));
  if (!/^\d+$/.test(offset) || expected.length !== cursor.length || !timingSafeEqual(expected, Buffer.from(cursor))) {
    throw new AdapterHttpError("invalid_request", `the cursor is refused: altered or foreign (${mac.length})`, {
      issues: [{ path: "/cursor", message: "altered or foreign" }],
    });
  }
  return Number(offset);
}

/** A running pager: its files, fetch counts by path, and a gate that can hold fetches once `holdAfter` were served. */
export interface PagingAdapter {
  readonly url: string;
  readonly fetches: Map<string, number>;
  holdAfter: number | undefined;
  /** Resolves when a fetch is held at the gate. */
  readonly held: Promise<void>;
  close(): Promise<void>;
}

/** The bytes of the pager's file `i`: different lengths and binary content, reproducible. */
export function pagerFile(i: number): Buffer {
  return Buffer.from(Array.from({ length: 100 + i * 7 }, (_, k) => (i * 31 + k * 17) % 256));
}

/** Serves `count` files, `perPage` changes a page, all `added` from a null cursor. */
export async function startPagingAdapter(options: {
  count: number;
  perPage: number;
  signingSecret: string;
}): Promise<PagingAdapter> {
  const paths = Array.from({ length: options.count }, (_, i) => `/f/${String(i).padStart(4, "0")}.bin`);
  const fetches = new Map<string, number>();
  let served = 0;
  let reachGate: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    reachGate = resolve;
  });
  const state: { holdAfter: number | undefined } = { holdAfter: undefined };
  const adapter = defineAdapter({
    manifest: PAGING_MANIFEST,
    sources: {
      listChanges: async ({ cursor }) => {
        const offset = readCursor(cursor);
        const next = Math.min(offset + options.perPage, paths.length);
        const changes = paths
          .slice(offset, next)
          .map((path) => ({ path, fingerprint: `v1-${path}`, status: "added" as const }));
        return { changes, cursor: sign(next) };
      },
      fetchFile: async ({ file_path }) => {
        served += 1;
        if (state.holdAfter !== undefined && served > state.holdAfter) {
          reachGate();
          await new Promise(() => {}); // held until the service that asked is killed
        }
        fetches.set(file_path, (fetches.get(file_path) ?? 0) + 1);
        const i = paths.indexOf(file_path);
        return { bytes: new Uint8Array(pagerFile(i)), contentType: "application/octet-stream" };
      },
    },
  });
  const server: AdapterServer = await serve(adapter, {
    port: 0,
    host: "127.0.0.1",
    handleSignals: false,
    shutdownTimeoutMs: 100,
    signingSecret: options.signingSecret,
    logger: pino({ level: "silent" }),
  });
  return {
    url: server.url.replace("localhost", "127.0.0.1"),
    fetches,
    get holdAfter() {
      return state.holdAfter;
    },
    set holdAfter(value) {
      state.holdAfter = value;
    },
    held,
    close: () => server.close(),
  };
}
