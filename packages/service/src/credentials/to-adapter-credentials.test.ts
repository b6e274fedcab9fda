import { describe, expect, it } from "vitest";
import { toAdapterCredentials } from "./to-adapter-credentials.ts";

describe("toAdapterCredentials (D65)", () => {
  it("passes api_key under maps_to, else token; single-value text under maps_to, else its key", () => {
    const records = new Map([
      ["bot", { token: "xoxb-1" }],
      ["plain", { token: "k" }],
      ["secret", { value: "s" }],
      ["note", { value: "n" }],
    ]);
    const credentials = toAdapterCredentials(
      [
        { key: "bot", type: "api_key", maps_to: "bot_token" },
        { key: "plain", type: "api_key" },
        { key: "secret", type: "text", maps_to: "signing_secret" },
        { key: "note", type: "text" },
      ],
      records,
    );
    expect(credentials).toEqual({ bot_token: "xoxb-1", token: "k", signing_secret: "s", note: "n" });
  });

  it("passes every field of a multi-field text credential and of an oauth2 one, flat", () => {
    const records = new Map([
      ["mail", { host: "h", port: "587", password: "p" }],
      ["oauth", { access_token: "at", refresh_token: "rt" }],
    ]);
    const credentials = toAdapterCredentials(
      [
        { key: "mail", type: "text", fields: [{ name: "host" }, { name: "port" }, { name: "password" }] },
        { key: "oauth", type: "oauth2", maps_to: "ignored" },
      ],
      records,
    );
    expect(credentials).toEqual({ host: "h", port: "587", password: "p", access_token: "at", refresh_token: "rt" });
  });

  it("leaves out a credential without a record", () => {
    expect(toAdapterCredentials([{ key: "bot", type: "api_key" }], new Map())).toEqual({});
  });
});
