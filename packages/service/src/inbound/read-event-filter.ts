import { INBOUND_OUTCOMES, type InboundOutcome } from "@adapterkit/contract";
import { ServiceError } from "../errors/service-error.ts";
import { toStorableText } from "../store/to-storable-message.ts";

/** Which of an installation's events a log page shows (D526). */
export interface EventFilter {
  readonly outcome?: InboundOutcome | undefined;
  readonly eventType?: string | undefined;
  readonly sender?: string | undefined;
  readonly test?: boolean | undefined;
  readonly since?: string | undefined;
  readonly until?: string | undefined;
}

/** The query parameters of the filter, by the name each has there. */
export const EVENT_FILTER_PARAMS = ["outcome", "event_type", "sender", "test", "since", "until"] as const;

function refuse(field: string, expected: string): ServiceError {
  const message = `${field}: expected ${expected}`;
  return new ServiceError("invalid_request", message, { errors: [{ path: `/${field}`, message }] });
}

function instant(query: URLSearchParams, field: string): string | undefined {
  const text = query.get(field);
  if (text === null || text === "") return undefined;
  // A time without a zone (a form's datetime-local field) is read as UTC, whatever the server's own zone.
  const zoned = /(Z|[+-]\d\d:\d\d)$/i.test(text) ? text : `${text}Z`;
  const time = Date.parse(zoned);
  if (!/^\d{4}-\d\d-\d\dT/.test(text) || Number.isNaN(time)) throw refuse(field, "an RFC 3339 instant");
  return new Date(time).toISOString();
}

/** Reads the filter from a query; a value outside what a parameter takes is a 400 naming it. */
export function readEventFilter(query: URLSearchParams): EventFilter {
  const text = (field: string, max: number) => {
    const value = query.get(field);
    if (value === null || value === "") return undefined;
    if (value.length > max) throw refuse(field, `at most ${max} characters`);
    // Compared as stored: a NUL, which PostgreSQL's text cannot hold, was stored as U+FFFD (D162).
    return toStorableText(value);
  };
  const outcome = text("outcome", 40);
  if (outcome !== undefined && !(INBOUND_OUTCOMES as readonly string[]).includes(outcome)) {
    throw refuse("outcome", `one of ${INBOUND_OUTCOMES.join(", ")}`);
  }
  const test = text("test", 5);
  if (test !== undefined && test !== "true" && test !== "false") throw refuse("test", "true or false");
  return {
    outcome: outcome as InboundOutcome | undefined,
    eventType: text("event_type", 256),
    sender: text("sender", 512),
    test: test === undefined ? undefined : test === "true",
    since: instant(query, "since"),
    until: instant(query, "until"),
  };
}
