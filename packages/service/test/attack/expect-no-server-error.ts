import { expect } from "vitest";
import type { RawAnswer, RawRequest } from "./send-raw.ts";

/** Whether a request target's path has a `.` or `..` segment, plain or percent-encoded (D109 refuses them). */
function hasDotSegment(target: Buffer): boolean {
  const path = target.toString("latin1").split("?")[0] ?? "";
  return path
    .split(/[/\\]/)
    .map((segment) => segment.replace(/%2e/gi, "."))
    .some((segment) => segment === "." || segment === "..");
}

/**
 * No 5xx, ever; an error is problem+json, except node's own bare 400/431 for a request it cannot parse; a path with
 * dot segments is refused with 400 rather than resolved to another route (D109). `what` says which case it was.
 */
export function expectNoServerError(answer: RawAnswer, request: RawRequest, what = ""): void {
  expect(answer.error, `the service answered ${what}`).toBeUndefined();
  expect(answer.status, `${what} ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  const status = answer.status ?? 0;
  // node answers a request it cannot parse (headers too large, say) itself, before any route: a bare 400 or 431.
  const bare = answer.contentType === undefined && answer.body === "" && (status === 400 || status === 431);
  if (hasDotSegment(request.target) && !bare) expect(status, "a path with dot segments").toBe(400);
  if (status < 400 || request.method === "HEAD") return;
  if (!bare) expect(answer.contentType).toBe("application/problem+json");
}
