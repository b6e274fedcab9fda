import { label } from "../shared/labels.ts";
import type { BadRequest } from "./bad-request.ts";

/** The failure label and curl request of a bad request. */
export function failureRequest(request: BadRequest): { endpoint: string; request: { body: unknown } } {
  return { endpoint: label(request.endpoint), request: { body: request.rawBody ?? request.body } };
}
