import type { IncomingMessage, ServerResponse } from "node:http";
import { type HttpListener, listenHttp } from "@adapterkit/sdk/testing";
import type { FilesCredentials } from "../src/webdav-settings.ts";

/** One resource a fake PROPFIND answer lists. */
export interface FakeEntry {
  /** As the server writes it: a path (`/dav/docs/a.md`) or a full URL. */
  href: string;
  collection?: boolean;
  /** Default `"<href>"`; null: the server gives none. */
  etag?: string | null;
  /** `getlastmodified` and `getcontentlength`, written whatever the request asked for, as some servers do. */
  lastModified?: string;
  contentLength?: number;
}

/** A programmable WebDAV-ish server for the answers a real one rarely gives: odd hrefs, 429, silence, huge files. */
export interface FakeDav {
  /** Credentials whose `base_url` is `<server>/dav/`. */
  readonly credentials: FilesCredentials;
  /** Every request received, as `METHOD /path`. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Answers one request; the path is the request's URL path as sent (still percent-encoded). */
export type FakeRoute = (req: IncomingMessage, res: ServerResponse, path: string) => void | Promise<void>;

/** Starts a fake server on 127.0.0.1 that hands every request to `route`. */
export async function startFakeDav(route: FakeRoute): Promise<FakeDav> {
  const requests: string[] = [];
  const listener: HttpListener = await listenHttp((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    requests.push(`${req.method} ${path}`);
    req.resume();
    req.on("end", () => void route(req, res, path));
  });
  return {
    credentials: { base_url: `${listener.url}/dav/`, username: "u", password: "p" },
    requests,
    close: () => listener.close(),
  };
}

/** Sends a 207 multistatus listing the entries. */
export function answerPropfind(res: ServerResponse, entries: readonly FakeEntry[]): void {
  const responses = entries.map(
    (entry) =>
      `<d:response><d:href>${escapeXml(entry.href)}</d:href><d:propstat><d:prop>` +
      `<d:resourcetype>${entry.collection ? "<d:collection/>" : ""}</d:resourcetype>` +
      `${entry.collection || entry.etag === null ? "" : `<d:getetag>${escapeXml(entry.etag ?? `"${entry.href}"`)}</d:getetag>`}` +
      `${entry.lastModified === undefined ? "" : `<d:getlastmodified>${entry.lastModified}</d:getlastmodified>`}` +
      `${entry.contentLength === undefined ? "" : `<d:getcontentlength>${entry.contentLength}</d:getcontentlength>`}` +
      "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>",
  );
  res.writeHead(207, { "content-type": "application/xml; charset=utf-8" });
  res.end(`<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:">${responses.join("")}</d:multistatus>`);
}

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
