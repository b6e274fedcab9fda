import { malformedRequests } from "./malformed-requests.ts";
import { refusalCheck } from "./refusal-check.ts";

/** A body that is not JSON is a 400, never a 500. */
export const malformedJson = refusalCheck({
  id: "robustness.malformed-json",
  rationale: "D8 and STYLE 9: a body that is not JSON is a 4xx invalid_request error with the D8 body, never a 500.",
  requests: malformedRequests,
});
