import { describe, expect, it } from "vitest";
import { isServiceError } from "../errors/service-error.ts";
import { readEventFilter } from "./read-event-filter.ts";

const read = (query: string) => readEventFilter(new URLSearchParams(query));
const refusal = (query: string) => {
  try {
    read(query);
  } catch (error) {
    if (isServiceError(error)) return { code: error.code, message: error.message };
  }
  return undefined;
};

describe("readEventFilter", () => {
  it("reads every filter, empty values as none", () => {
    expect(read("outcome=duplicate&event_type=a.b&sender=ana&test=false&since=&until=")).toEqual({
      outcome: "duplicate",
      eventType: "a.b",
      sender: "ana",
      test: false,
      since: undefined,
      until: undefined,
    });
  });

  it("compares a NUL as the store keeps it, as U+FFFD", () => {
    expect(read("sender=a%00b").sender).toBe("a\uFFFDb");
  });

  it("reads an instant with a zone as it says, and one without (a form's field) as UTC", () => {
    expect(read("since=2026-11-28T10:00:00%2B02:00").since).toBe("2026-11-28T08:00:00.000Z");
    expect(read("until=2026-11-28T17:34").until).toBe("2026-11-28T17:34:00.000Z");
  });

  it.each([
    ["outcome=maybe", /^outcome: expected one of accepted/],
    ["test=yes", /^test: expected true or false$/],
    ["since=yesterday", /^since: expected an RFC 3339 instant$/],
    [`sender=${"x".repeat(513)}`, /^sender: expected at most 512 characters$/],
  ])("refuses %s with a 400 naming the parameter", (query, message) => {
    expect(refusal(query)).toMatchObject({ code: "invalid_request", message: expect.stringMatching(message) });
  });
});
