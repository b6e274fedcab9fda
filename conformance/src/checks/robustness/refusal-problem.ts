import { validateShape } from "@adapterkit/client";
import { excerpt } from "../shared/labels.ts";
import type { BadAnswer } from "./bad-request.ts";

/** Why an answer to a bad request is wrong (not a 4xx with a D8 body), or undefined when it is right. */
export function refusalProblem(
  answer: BadAnswer,
): { message: string; expected: string; actual: string; pointer?: string } | undefined {
  const { status } = answer;
  if (status === undefined)
    return {
      message: `${answer.request.what} got no answer`,
      expected: "a 4xx D8 error",
      actual: answer.error?.kind ?? "no response",
    };
  if (status < 400 || status > 499) {
    return {
      message: `${answer.request.what} answered ${status}`,
      expected: "a 4xx D8 error (400 invalid_request, 413 payload_too_large)",
      actual: `${status} ${excerpt(answer.text)}`,
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return {
      message: `${answer.request.what} answered ${status} without a JSON body`,
      expected: '{ "ok": false, "error", "code" } (D8)',
      actual: excerpt(answer.text),
    };
  }
  const validation = validateShape("adapter-error", body);
  if (validation.ok) return undefined;
  const [issue] = validation.issues;
  return {
    message: `${answer.request.what} answered ${status} with a body that is not a D8 error`,
    expected: issue?.expected ?? "a D8 error",
    actual: issue?.actual ?? excerpt(answer.text),
    ...(issue === undefined ? {} : { pointer: issue.pointer }),
  };
}
