import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "./redact-secrets.ts";

describe("redactSecrets", () => {
  it("redacts credential-named values in JSON", () => {
    const text = '{"access_token":"abc123","client_secret":"s3cr3t","note":"kept"}';
    expect(redactSecrets(text)).toBe(`{"access_token":"${REDACTED}","client_secret":"${REDACTED}","note":"kept"}`);
  });

  it("redacts headers and form fields that carry credentials", () => {
    const text =
      "Authorization: Bearer abcdefghijkl\nwebhook-signature: v1,Zm9vYmFyYmF6cXV4cXV1eHh4eHh4eA==\npassword=hunter2&user=ann";
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain("abcdefghijkl");
    expect(redacted).not.toContain("Zm9vYmFy");
    expect(redacted).not.toContain("hunter2");
    expect(redacted).toContain("user=ann");
  });

  it("redacts standalone bearer values, Slack tokens, JWTs, signing secrets and URL userinfo", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
    const text = `bearer abcdefghijklmnop xoxb-123456789012-abcdef ${jwt} whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw https://ann:pw@example.com/x`;
    const redacted = redactSecrets(text);
    for (const secret of ["abcdefghijklmnop", "xoxb-123456789012", jwt, "whsec_Mf", "ann:pw"]) {
      expect(redacted).not.toContain(secret);
    }
    expect(redacted).toContain("https://[redacted]@example.com/x");
  });

  it("leaves text without secrets as it is", () => {
    const text = '{"ok":false,"error":"channel_not_found","retry":true}';
    expect(redactSecrets(text)).toBe(text);
  });
});
