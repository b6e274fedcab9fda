import type { CredentialDefinition } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { isServiceError } from "../errors/service-error.ts";
import { readCredentialInput } from "./read-credential-input.ts";

const DEFINITIONS: CredentialDefinition[] = [
  { key: "bot", type: "api_key", maps_to: "token" },
  { key: "mail", type: "text", fields: [{ name: "host" }, { name: "port", optional: true }] },
];

const issuesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isServiceError(error)) return { code: error.code, paths: error.errors?.map((issue) => issue.path) };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("readCredentialInput", () => {
  it("reads a string for a one-field credential and an object of fields for a multi-field one", () => {
    const read = readCredentialInput(DEFINITIONS, { bot: "xoxb-1", mail: { host: "h" } }, new Set());
    expect(Object.fromEntries(read)).toEqual({ bot: { token: "xoxb-1" }, mail: { host: "h" } });
  });

  it("lets a key the organization already stores be left out", () => {
    const read = readCredentialInput(DEFINITIONS, { bot: { token: "t" } }, new Set(["mail"]));
    expect([...read.keys()]).toEqual(["bot"]);
  });

  it("refuses with 400 naming every missing, unknown or misplaced field", () => {
    expect(issuesOf(() => readCredentialInput(DEFINITIONS, { mail: { port: "1", user: "x" } }, new Set()))).toEqual({
      code: "invalid_request",
      paths: ["/credentials/bot", "/credentials/mail/user", "/credentials/mail/host"],
    });
    expect(issuesOf(() => readCredentialInput(DEFINITIONS, { bot: "t", mail: "h", other: "x" }, new Set()))).toEqual({
      code: "invalid_request",
      paths: ["/credentials/other", "/credentials/mail"],
    });
  });

  it("reads a one-field credential given as an object, under its stored field or its maps_to name", () => {
    expect(readCredentialInput(DEFINITIONS, { bot: { token: "a" } }, new Set(["mail"])).get("bot")).toEqual({
      token: "a",
    });
    const definitions: CredentialDefinition[] = [{ key: "chat-bot-token", type: "text", maps_to: "bot_token" }];
    const read = readCredentialInput(definitions, { "chat-bot-token": { bot_token: "xoxb" } }, new Set());
    expect(read.get("chat-bot-token")).toEqual({ value: "xoxb" });
  });

  it("names the key, the field and what is expected in every refusal", () => {
    const messages = (input: Parameters<typeof readCredentialInput>[1]) => {
      try {
        readCredentialInput(DEFINITIONS, input, new Set());
      } catch (error) {
        if (isServiceError(error)) return error.errors?.map((issue) => issue.message) ?? [];
      }
      return [];
    };
    expect(messages({ bot: { bot: "x" }, mail: { host: "h" } })).toEqual([
      'bot has no field bot: expected an object {"token": "…"} or the value as a string',
      'bot.token is required: expected an object {"token": "…"} or the value as a string',
    ]);
    expect(messages({ bot: "t", mail: "h" })).toEqual([
      "mail has 2 fields: expected an object of its fields: host, port (optional)",
    ]);
    expect(messages({ mail: { host: "h" } })[0]).toContain("bot is required");
  });
});
