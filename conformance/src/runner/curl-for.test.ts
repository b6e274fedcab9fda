import { describe, expect, it } from "vitest";
import { curlFor } from "./curl-for.ts";
import { createRedactor } from "./redactor.ts";

const redactor = createRedactor();
redactor.addCredentials({ token: "xoxb-secret-token", short: "abc", url: "https://api.example.test" });

describe("curlFor", () => {
  it("masks every credential value, signature and authorization header", () => {
    const line = curlFor(redactor, {
      url: "http://127.0.0.1:3100/chat/deliver",
      body: { credentials: { token: "xoxb-secret-token", short: "abc" }, message: { text: "hi xoxb-secret-token" } },
      headers: { "webhook-signature": "v1,abc", Authorization: "Bearer x", "x-organization-id": "org_1" },
    });
    expect(line).not.toContain("xoxb-secret-token");
    expect(line).not.toContain('"abc"');
    expect(line).not.toContain("v1,abc");
    expect(line).toContain("'webhook-signature: [REDACTED]'");
    expect(line).toContain("'authorization: [REDACTED]'");
    expect(line).toContain("'x-organization-id: org_1'");
    expect(line).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:3100\/chat\/deliver'/);
  });

  it("quotes single quotes for the shell and writes a GET without a body", () => {
    expect(curlFor(redactor, { url: "http://h/x", body: "it's" })).toContain(`--data-raw 'it'\\''s'`);
    expect(curlFor(redactor, { url: "http://h/health" })).toBe("curl -sS 'http://h/health'");
  });

  it("describes a body too long to paste instead of inlining it", () => {
    const line = curlFor(redactor, { url: "http://h/format", body: { text: "x".repeat(10_000) } });
    expect(line).toContain("--data-binary @body.json");
    expect(line.length).toBeLessThan(300);
  });
});
