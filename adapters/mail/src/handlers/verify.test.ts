import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { mailManifest } from "../index.ts";
import { mailAdapter } from "../index.ts";
import { type MailStandIn, startMailStandIn } from "../stand-in.ts";

let adapter: StartedAdapter<typeof mailManifest>;
let smtp: MailStandIn;

beforeAll(async () => {
  adapter = await startAdapter(mailAdapter, { allowedHosts: ["127.0.0.1"] });
  smtp = await startMailStandIn();
});
afterAll(async () => {
  await adapter.close();
  await smtp.close();
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("POST /mail/verify", () => {
  it("logs in to the SMTP server and names the user", async () => {
    const { status, body } = await adapter.client.verify({ credentials: smtp.credentials });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, user: smtp.credentials.username });
  });

  it("answers ok false naming SMTP 535 when the password is wrong", async () => {
    const { status, body } = await adapter.client.verify({ credentials: { ...smtp.credentials, password: "wrong" } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: false, error: expect.stringMatching(/^SMTP authentication failed \(535\)/) });
  });

  it("answers ok false in the one unreachable sentence when the connection is refused", async () => {
    const port = await closedPort();
    const { status, body } = await adapter.client.verify({ credentials: { ...smtp.credentials, port: String(port) } });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, error: "could not reach the configured server" });
  });

  it("answers ok false saying so when STARTTLS is required but the server offers none", async () => {
    const { body } = await adapter.client.verify({ credentials: { ...smtp.credentials, encryption: "starttls" } });
    expect(body).toEqual({
      ok: false,
      error:
        `The SMTP server at ${smtp.host}:${smtp.port} does not offer STARTTLS (it answered "500 Error: command ` +
        'not recognized"); use encryption "tls" (TLS from the first byte, port 465) or "none"',
    });
  });

  it("answers ok false naming the field when the port is not a number", async () => {
    const { status, body } = await adapter.client.verify({ credentials: { ...smtp.credentials, port: "smtp" } });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: false,
      error: expect.stringContaining('port: expected a port number from 1 to 65535, got "smtp"'),
    });
  });

  it("answers 400 naming the field when a credential field is missing", async () => {
    const { password: _, ...credentials } = smtp.credentials;
    const { status, body } = await adapter.client.post("/verify", JSON.stringify({ credentials }));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      code: "invalid_request",
      issues: [expect.objectContaining({ path: "/credentials/password" })],
    });
  });
});
