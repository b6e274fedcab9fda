import { refusalCheck } from "./refusal-check.ts";
import { wrongTypeRequests } from "./wrong-type-requests.ts";

/** Fields of the wrong type are a 400. */
export const wrongTypes = refusalCheck({
  id: "robustness.wrong-types",
  rationale: "D8 and STYLE 9: fields of the wrong type are a 400 invalid_request error that names them, never a 500.",
  requests: (ctx) => wrongTypeRequests(ctx),
});
