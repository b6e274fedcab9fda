import { AdapterHttpError } from "@adapterkit/sdk";

type PathField = "resource_path" | "file_path";

// C0 controls, DEL and C1 controls: never part of a name a person picks, and some servers cut paths at them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// With the u flag a surrogate pair is one code point, so this matches only a half of one.
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const PERCENT_ESCAPE = /%[0-9a-f]{2}/i;

/**
 * Normalizes a path inside the WebDAV base URL to `/a/b` form (`/` for the base itself): one leading slash, no
 * trailing or repeated slashes. Anything that could climb out of its folder on some server, or that no URL can name, is
 * 400 naming `field`: a backslash (webdav-server and Windows-backed servers read it as `/`), a control character, a
 * lone surrogate, and a segment that is `.` or `..` or decodes (percent-decoding, repeatedly) to one, or to text
 * holding `/` or `\`.
 */
export function toSourcePath(path: string, field: PathField): string {
  if (path.includes("\\")) throw invalidPath(field, 'a backslash is not allowed; separate folders with "/"');
  if (CONTROL.test(path)) throw invalidPath(field, "control characters are not allowed");
  // A lone surrogate (valid JSON, `"\ud800"`) has no UTF-8 form, so no URL can name it.
  if (LONE_SURROGATE.test(path))
    throw invalidPath(field, "expected well-formed Unicode text (a lone surrogate has no URL form)");
  const segments = path.split("/").filter((segment) => segment !== "");
  for (const segment of segments) {
    const decoded = percentDecoded(segment);
    if (decoded === "." || decoded === "..") {
      throw invalidPath(field, 'expected a path without "." or ".." segments, such as /docs/a.md');
    }
    if (decoded.includes("/") || decoded.includes("\\") || CONTROL.test(decoded)) {
      throw invalidPath(field, "a segment may not encode /, \\ or a control character (%2F, %5C, %00…)");
    }
  }
  return `/${segments.join("/")}`;
}

/** Whether `path` is `root` or lies below it (both normalized by {@link toSourcePath}). */
export function isWithin(path: string, root: string): boolean {
  return root === "/" || path === root || path.startsWith(`${root}/`);
}

/** Whether `url` is `root` or lies below it on the same origin, compared as the server will see the URL paths. */
export function isUrlWithin(url: URL, root: URL): boolean {
  const rootPath = root.pathname.endsWith("/") ? root.pathname : `${root.pathname}/`;
  return url.origin === root.origin && (`${url.pathname}/` === rootPath || url.pathname.startsWith(rootPath));
}

/** `path` relative to `root` (both normalized), without a leading slash: `""` for the root itself. */
export function relativeTo(path: string, root: string): string {
  return root === "/" ? path.slice(1) : path.slice(root.length + 1);
}

/** The inverse of {@link relativeTo}. */
export function joinSourcePath(root: string, relative: string): string {
  if (relative === "") return root;
  return root === "/" ? `/${relative}` : `${root}/${relative}`;
}

/** The 400 naming `field` for a path this adapter will not send to the server. */
export function invalidPath(field: PathField, message: string): AdapterHttpError {
  return new AdapterHttpError("invalid_request", `${field}: ${message}`, { issues: [{ path: `/${field}`, message }] });
}

/** A segment percent-decoded until nothing more decodes, so a server that decodes twice sees nothing new. */
function percentDecoded(segment: string): string {
  let text = segment;
  while (PERCENT_ESCAPE.test(text)) {
    let next: string;
    try {
      next = decodeURIComponent(text);
    } catch {
      // A malformed escape (`100%!`) is sent encoded and names that literal text; decode the valid escapes only.
      next = text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    }
    if (next === text) break;
    text = next;
  }
  return text;
}
