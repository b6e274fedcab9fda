import { describe, expect, it } from "vitest";
import { CliError, EXIT_CODES, type ExitReason } from "./cli-error.ts";

describe("EXIT_CODES", () => {
  it("gives each reason the exit code architecture.md#exit-codes names", () => {
    expect(EXIT_CODES).toEqual({ ok: 0, failed: 1, usage: 2, unreachable: 3 });
  });

  it.each(
    Object.entries(EXIT_CODES) as [ExitReason, number][],
  )("makes a CliError of reason %s exit %i", (reason, code) => {
    const error = new CliError(reason, "why");
    expect(error.exitCode).toBe(code);
    expect(error.reason).toBe(reason);
  });
});
