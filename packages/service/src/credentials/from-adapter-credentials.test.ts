import { describe, expect, it } from "vitest";
import { fromAdapterCredentials } from "./from-adapter-credentials.ts";
import { toAdapterCredentials } from "./to-adapter-credentials.ts";

describe("fromAdapterCredentials", () => {
  it("turns what an adapter receives back into records by key, so toAdapterCredentials gives it back", () => {
    const definitions = [
      { key: "bot", type: "api_key" as const, maps_to: "bot_token" },
      { key: "secret", type: "text" as const, maps_to: "signing_secret" },
      {
        key: "options",
        type: "text" as const,
        fields: [
          { name: "base_url", optional: true },
          { name: "user_id", optional: true },
        ],
      },
      { key: "unused", type: "text" as const },
    ];
    const flat = { bot_token: "xoxb", signing_secret: "s", base_url: "http://x" };
    const input = fromAdapterCredentials(definitions, flat);
    expect(input).toEqual({ bot: { token: "xoxb" }, secret: { value: "s" }, options: { base_url: "http://x" } });
    expect(toAdapterCredentials(definitions, new Map(Object.entries(input)))).toEqual(flat);
  });
});
