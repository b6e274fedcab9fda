/**
 * Whether a request target's path has a `.` or `..` segment, also percent-encoded (`%2e%2e`) or behind a backslash
 * (which URL parsing treats as `/`): the router refuses these instead of resolving them, so
 * `/triggers/../workflows/2` never reaches workflow 2.
 */
export function hasDotSegment(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0] ?? "";
  return path.split(/[/\\]/).some((segment) => {
    const dots = segment.replace(/%2e/gi, ".");
    return dots === "." || dots === "..";
  });
}
