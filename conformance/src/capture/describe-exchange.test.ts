import { describe, expect, it } from "vitest";
import { describeExchange } from "./describe-exchange.ts";

const request = {
  credentials: { bot_token: "123456:ABCdefGhIJKlmnoPQRst" },
  method: "POST",
  path: "/bot123456:ABCdefGhIJKlmnoPQRst/update\u001b[2J",
  query: { token: "x" },
  headers: {},
  body: "{}",
  mode: "trigger" as const,
};

describe("describeExchange", () => {
  it("prints the method, path, kind, event type and mode, with credential values and control characters masked", () => {
    const line = describeExchange(
      { request, answer: { event_type: "update", sender: "a", message: "m", is_bot: false }, at: "" },
      4,
    );
    expect(line).toBe("[4] POST /bot[REDACTED]/update?[2J → message update (trigger)");
  });

  it("names handshakes and ignored events by kind", () => {
    expect(
      describeExchange({ request: { ...request, path: "/" }, answer: { challenge_response: "c" }, at: "" }, 1),
    ).toBe("[1] POST / → handshake (trigger)");
    expect(
      describeExchange({ request: { ...request, path: "/" }, answer: { ignored: true, reason: "r" }, at: "" }, 2),
    ).toBe("[2] POST / → ignored (trigger)");
  });
});
