/** Why a scaffold was refused: each is the user's mistake (the CLI exits 2), not a failure. */
export type ScaffoldErrorCode = "invalid_slug" | "unknown_kind" | "not_empty";

/** Thrown by `scaffoldAdapter` when the request cannot be honoured; nothing has been written. */
export class ScaffoldError extends Error {
  override readonly name = "ScaffoldError";
  readonly code: ScaffoldErrorCode;

  constructor(code: ScaffoldErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
