/** Every reason a webhook signature check can fail, as a stable machine-readable code. */
export const SIGNATURE_ERROR_CODES = [
  "missing_secret",
  "missing_header",
  "malformed",
  "stale_timestamp",
  "mismatch",
] as const;

/** One of {@link SIGNATURE_ERROR_CODES}. */
export type SignatureErrorCode = (typeof SIGNATURE_ERROR_CODES)[number];

/** Thrown by every `verify…` signature function; `code` says which check failed and `message` says why. */
export class SignatureError extends Error {
  override readonly name = "SignatureError";
  readonly code: SignatureErrorCode;

  constructor(code: SignatureErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Turns a throwing `verify…` into an `isValid…`: signature failures become `false`, programming errors still throw. */
export function toIsValid<T>(verify: (options: T) => void): (options: T) => boolean {
  return (options) => {
    try {
      verify(options);
      return true;
    } catch (error) {
      if (error instanceof SignatureError) return false;
      throw error;
    }
  };
}
