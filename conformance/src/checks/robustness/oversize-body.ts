import { oversizeRequests } from "./oversize-requests.ts";
import { refusalCheck } from "./refusal-check.ts";

/** A 2 MiB body is refused with a 4xx (413 payload_too_large), not processed or crashed on. */
export const oversizeBody = refusalCheck({
  id: "robustness.oversize-body",
  rationale:
    "D8: a body over the adapter's limit is a 413 payload_too_large error; an adapter must bound what it reads.",
  requests: oversizeRequests,
});
