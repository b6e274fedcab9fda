const DOT = /\.|%2e/i;

/**
 * Whether a request target's path has a `.` or `..` segment, also percent-encoded (`%2e%2e`) or behind a backslash
 * (which URL parsing treats as `/`): the router refuses these instead of resolving them, so
 * `/triggers/../workflows/2` never reaches workflow 2.
 */
export function hasDotSegment(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0] ?? "";
  // Most paths have no dot at all, written or percent-encoded: then no segment is one.
  if (!DOT.test(path)) return false;
  return path.split(/[/\\]/).some((segment) => {
    const dots = segment.replace(/%2e/gi, ".");
    return dots === "." || dots === "..";
  });
}
