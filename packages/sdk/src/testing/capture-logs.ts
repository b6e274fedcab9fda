import { type Logger, pino } from "pino";

/** A logger that keeps each JSON line it writes, parsed, for tests to inspect. */
export interface CapturedLogs {
  readonly logger: Logger;
  readonly lines: Record<string, unknown>[];
}

/**
 * Captures an adapter's logs in memory (level `debug`).
 * @example const logs = captureLogs(); await startAdapter(adapter, { logger: logs.logger });
 */
export function captureLogs(): CapturedLogs {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}
