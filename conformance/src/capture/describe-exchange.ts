import { inboundKind, type ParseInboundResponse } from "@adapterkit/contract";
import { createRedactor } from "../runner/redactor.ts";
import type { CapturedExchange } from "./captured-exchange.ts";

/**
 * One progress line for a captured exchange, readable without colour and free of secrets: the platform's method and
 * path (no query), what the adapter made of it, and the mode, with credential values masked wherever they occur.
 * @example describeExchange(exchange, 3) // "[3] POST /events → message ticket.created (trigger)"
 */
export function describeExchange(exchange: CapturedExchange, count: number): string {
  const redactor = createRedactor();
  redactor.addCredentials(exchange.request.credentials);
  const answer = exchange.answer as ParseInboundResponse & { event_type?: unknown };
  const kind = inboundKind(answer);
  const event = kind === "message" && typeof answer.event_type === "string" ? ` ${answer.event_type}` : "";
  const line = `[${count}] ${exchange.request.method} ${exchange.request.path} → ${kind}${event} (${exchange.request.mode})`;
  // Control characters from the platform would move the cursor or recolour the terminal.
  return redactor.redact(line).replace(/\p{Cc}/gu, "?");
}
