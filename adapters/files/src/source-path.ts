import { AdapterHttpError } from "@adapterkit/sdk";

/**
 * Normalizes a path inside the WebDAV base URL to `/a/b` form (`/` for the base itself): one leading slash, no
 * trailing or repeated slashes. A `.` or `..` segment is 400 naming `field`, so no path escapes its folder.
 */
export function toSourcePath(path: string, field: "resource_path" | "file_path"): string {
  const segments = path.split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => segment === "." || segment === "..")) {
    throw new AdapterHttpError("invalid_request", `${field}: "." and ".." segments are not allowed`, {
      issues: [{ path: `/${field}`, message: 'expected a path without "." or ".." segments, such as /docs/a.md' }],
    });
  }
  return `/${segments.join("/")}`;
}

/** Whether `path` is `root` or lies below it (both normalized by {@link toSourcePath}). */
export function isWithin(path: string, root: string): boolean {
  return root === "/" || path === root || path.startsWith(`${root}/`);
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
