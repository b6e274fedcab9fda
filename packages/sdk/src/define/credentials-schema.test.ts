import { describe, expect, it } from "vitest";
import { credentialFieldsOf } from "./credential-fields.ts";
import { credentialsSchemaFor } from "./credentials-schema.ts";

const manifest = {
  credentials: [
    { key: "chat", type: "api_key" as const, maps_to: "bot_token" },
    { key: "plain", type: "api_key" as const },
    { key: "google", type: "oauth2" as const },
    { key: "smtp", type: "text" as const, fields: [{ name: "host" }, { name: "tls", optional: true }] },
    { key: "hook_secret", type: "text" as const },
  ],
};
const valid = { bot_token: "b", token: "t", access_token: "a", host: "h", hook_secret: "s" };

describe("credentials schema", () => {
  it("names each field as the type inference does", () => {
    expect(credentialFieldsOf(manifest).map((field) => `${field.name}${field.optional ? "?" : ""}`)).toEqual([
      "bot_token",
      "token",
      "access_token",
      "client_id?",
      "client_secret?",
      "refresh_token?",
      "host",
      "tls?",
      "hook_secret",
    ]);
  });

  it("accepts every required field as a string and passes unknown fields through", () => {
    expect(credentialsSchemaFor(manifest).parse({ ...valid, extra: 1 })).toEqual({ ...valid, extra: 1 });
  });

  it("reports a missing field with the credential that declares it", () => {
    const { host, ...rest } = valid;
    const result = credentialsSchemaFor(manifest).safeParse(rest);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["host"], 'missing: credential "smtp" passes its value as "host"'],
    ]);
  });

  it("refuses a field that is not a string", () => {
    const result = credentialsSchemaFor(manifest).safeParse({ ...valid, tls: true });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["tls"], 'expected a string (credential "smtp")'],
    ]);
  });

  it("accepts anything in an object for a manifest without credentials", () => {
    expect(credentialsSchemaFor({}).safeParse({ anything: 1 }).success).toBe(true);
  });
});
