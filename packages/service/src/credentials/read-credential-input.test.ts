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
      paths: ["/credentials/other", "/credentials/mail", "/credentials/mail/host"],
    });
  });
});
