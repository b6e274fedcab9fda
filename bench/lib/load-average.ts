import { loadavg } from "node:os";

/** The machine's 1-minute load average, printed beside a figure: on a shared machine it says how much to trust it. */
export const loadAverage = (): string => loadavg()[0]?.toFixed(2) ?? "?";
