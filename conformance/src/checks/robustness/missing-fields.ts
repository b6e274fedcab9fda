import { missingFieldRequests } from "./missing-field-requests.ts";
import { refusalCheck } from "./refusal-check.ts";

/** An empty object is a 400 naming what is missing. */
export const missingFields = refusalCheck({
  id: "robustness.missing-fields",
  rationale:
    "D8: a body without its required fields is a 400 invalid_request error (with issues), never a 500 or a success.",
  requests: missingFieldRequests,
});
