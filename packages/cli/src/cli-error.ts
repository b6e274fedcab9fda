/** CLI exit codes (architecture.md#exit-codes): one table, mapped exhaustively. */
export const EXIT_CODES = {
  ok: 0,
  failed: 1,
  usage: 2,
  unreachable: 3,
} as const;

export type ExitReason = keyof typeof EXIT_CODES;

/** A failure the CLI reports in one line and exits with; `usage` is the user's mistake, the rest are outcomes. */
export class CliError extends Error {
  readonly reason: ExitReason;

  constructor(reason: ExitReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CliError";
    this.reason = reason;
  }

  get exitCode(): number {
    return EXIT_CODES[this.reason];
  }
}
