import { ServiceError } from "../../errors/service-error.ts";

/** The Idempotency-Key the API takes: printable ASCII without spaces, 1–255 characters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A Resend form's key (D516): undefined when the form sent none, 400 naming the field when it is malformed. */
export function readResendKey(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!KEY_PATTERN.test(value)) {
    const message = "key: expected 1–255 printable ASCII characters without spaces";
    throw new ServiceError("invalid_request", message, { errors: [{ path: "/key", message }] });
  }
  return value;
}
