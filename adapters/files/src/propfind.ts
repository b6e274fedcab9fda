import { XMLParser } from "fast-xml-parser";
import { hrefPath } from "./href-path.ts";
import { parseXmlLite } from "./parse-xml-lite.ts";
import { relativeTo } from "./source-path.ts";
import { toWebdavError, urlOf, webdavRequest } from "./webdav-request.ts";
import { decodePath, type WebdavSettings } from "./webdav-settings.ts";

/** One resource of a PROPFIND answer. */
export interface DavEntry {
  /** Its source path (`/docs/a.md`, `/` for the base URL itself), decoded. */
  path: string;
  isCollection: boolean;
  /** The ETag as the server wrote it, when it gave one. */
  etag: string | undefined;
  contentType: string | undefined;
  lastModified: string | undefined;
  contentLength: string | undefined;
}

/**
 * What a PROPFIND asks for: `all` the properties a {@link DavEntry} has, or only the type and the ETag, which is all a
 * walk needs from a server that gives ETags and costs such a server much less per file (a webdav-server v2 stand-in
 * spends about half the CPU on a 100-file folder, D270).
 */
export type PropfindProperties = "all" | "etag";

const propfindBody = (props: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop>${props}</d:prop></d:propfind>`;
const PROPFIND_BODIES: Record<PropfindProperties, string> = {
  all: propfindBody("<d:resourcetype/><d:getetag/><d:getcontenttype/><d:getlastmodified/><d:getcontentlength/>"),
  etag: propfindBody("<d:resourcetype/><d:getetag/>"),
};

const isArray = (name: string) => name === "response" || name === "propstat";
const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  // isArray reads the tag name only; without this the parser builds each tag's path as a string for it (D271).
  jPath: false,
  isArray,
});

/**
 * PROPFINDs a source path with `Depth: 0` or `1` and returns what the multistatus lists (the path itself
 * included), with the `properties` asked for (default all; the others are undefined); an answer other than 207
 * becomes the D8 error of {@link toWebdavError}.
 */
export async function propfind(
  settings: WebdavSettings,
  path: string,
  options: { depth: 0 | 1; signal?: AbortSignal; properties?: PropfindProperties },
): Promise<DavEntry[]> {
  const response = await webdavRequest(settings, {
    method: "PROPFIND",
    path,
    headers: { depth: String(options.depth), "content-type": "application/xml; charset=utf-8" },
    body: PROPFIND_BODIES[options.properties ?? "all"],
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.status !== 207) {
    await response.body?.cancel();
    throw toWebdavError(response, path);
  }
  const requestUrl = urlOf(settings, path);
  const text = await response.text();
  // The lean parser takes the plain XML servers write; anything else goes to fast-xml-parser (D305).
  const xml = (parseXmlLite(text, isArray) ?? parser.parse(text)) as { multistatus?: { response?: unknown[] } };
  return (xml.multistatus?.response ?? []).flatMap((item) => toEntry(item, requestUrl, settings));
}

function toEntry(item: unknown, requestUrl: URL, settings: WebdavSettings): DavEntry[] {
  const { href, propstat } = item as { href?: unknown; propstat?: unknown[] };
  if (typeof href !== "string") return [];
  const pathname = hrefPath(href, requestUrl);
  if (pathname === undefined) return [];
  const fullPath = decodePath(pathname).replace(/\/+$/, "");
  if (fullPath !== settings.basePath && !fullPath.startsWith(`${settings.basePath}/`)) return [];
  const prop = okProps(propstat ?? []);
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
  const resourceType = prop.resourcetype;
  return [
    {
      path: `/${relativeTo(fullPath, settings.basePath || "/")}`,
      isCollection: typeof resourceType === "object" && resourceType !== null && "collection" in resourceType,
      etag: text(prop.getetag),
      contentType: text(prop.getcontenttype),
      lastModified: text(prop.getlastmodified),
      contentLength: text(prop.getcontentlength),
    },
  ];
}

/** The properties of the propstats whose status is 2xx; the others list properties the server does not have. */
function okProps(propstats: unknown[]): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const propstat of propstats) {
    const { status, prop } = propstat as { status?: unknown; prop?: unknown };
    if (typeof status === "string" && !/\s2\d\d\s/.test(` ${status} `)) continue;
    if (typeof prop === "object" && prop !== null) Object.assign(props, prop);
  }
  return props;
}
