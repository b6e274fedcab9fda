import { readFileSync } from "node:fs";
import { ConformanceUsageError } from "../runner/usage-error.ts";
import type { DeliveryLog } from "./delivery-log.ts";
import type { SmtpSink } from "./start-smtp-sink.ts";

/** What the SMTP stand-in is built on: optional peers of the runner, installed only by projects with mail fixtures. */
export const SMTP_PACKAGES = ["mailparser", "smtp-server"] as const;

/**
 * Starts the SMTP sink, loading it (and mailparser and smtp-server with it) only now: a run whose fixtures give no
 * `platform.smtp` never needs them, so an author's install carries them only for a mail adapter (D433). When they
 * are missing, a usage error (exit 2) names the install command.
 */
export async function startSmtpSinkOnDemand(
  log: DeliveryLog,
  users: Readonly<Record<string, string>> | undefined,
): Promise<SmtpSink> {
  const { startSmtpSink } = await import("./start-smtp-sink.ts").catch((error: unknown) => {
    const missing = SMTP_PACKAGES.filter((name) => isMissingPackage(error, name));
    if (missing.length === 0) throw error;
    throw new ConformanceUsageError(
      `the fixtures' platform.smtp asks for the runner's SMTP stand-in, which needs ${SMTP_PACKAGES.join(" and ")} ` +
        `(${missing.join(", ")} not found); install them beside the runner: npm install --save-dev ${smtpInstallSpecs().join(" ")}`,
    );
  });
  return await startSmtpSink(log, users);
}

/** `name@range` of each SMTP package, as the runner's `peerDependencies` give them. */
export function smtpInstallSpecs(): string[] {
  // src/platform/ and dist/platform/ are both two levels below the package's root.
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    peerDependencies?: Record<string, string>;
  };
  return SMTP_PACKAGES.map((name) => `${name}@${manifest.peerDependencies?.[name] ?? "latest"}`);
}

function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    typeof message === "string" &&
    message.includes(`'${name}`)
  );
}
