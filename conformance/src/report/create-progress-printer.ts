import type { ProgressEvent } from "../runner/conformance-options.ts";
import { createStyle, statusWord } from "./style.ts";

/** Where progress goes: a stream-like object with `write`. */
export interface ProgressSink {
  write(text: string): unknown;
}

/**
 * The terminal reporter's live part: a header, then one line per check as it finishes (`[ 3/58] PASS id 12 ms`).
 * @example await runConformance({ adapterUrl, onProgress: createProgressPrinter(process.stderr, { color: true }) });
 */
export function createProgressPrinter(sink: ProgressSink, options: { color: boolean }): (event: ProgressEvent) => void {
  const style = createStyle(options.color);
  return (event) => {
    if (event.type === "start")
      sink.write(`${style.bold("adapterkit conformance")} ${event.adapterUrl} — ${event.total} checks\n`);
    if (event.type !== "check-end") return;
    const width = String(event.total).length;
    const counter = style.dim(`[${String(event.done).padStart(width)}/${event.total}]`);
    const time = event.status === "skipped" ? "" : style.dim(` ${Math.round(event.durationMs)} ms`);
    sink.write(`${counter} ${statusWord(event.status, style)} ${event.id}${time}\n`);
  };
}
