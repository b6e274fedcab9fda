import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AdapterEndpointDef } from "@adapterkit/contract";

/** The four sample adapters' slugs, as `npm start` serves them. */
export const SAMPLE_SLUGS = ["mail", "chat", "webhook", "files"] as const;

/** A loopback port nothing listens on: a platform call there fails at once, and never leaves the machine. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * An adapter's conformance "good" credentials and channel address with every platform address pointed at a dead
 * loopback port, so that a generated request valid enough to reach the platform gets a platform error.
 */
export function loopbackFixture(slug: string, port: number): { credentials: unknown; channel_address?: string } {
  const file = new URL(`../../../../adapters/${slug}/conformance.fixtures.json`, import.meta.url);
  const text = readFileSync(file, "utf8")
    .replaceAll("{{platform_url}}", `http://127.0.0.1:${port}`)
    .replaceAll("{{smtp_host}}", "127.0.0.1")
    .replaceAll("{{smtp_port}}", String(port));
  const fixture = JSON.parse(text) as { credentials: { good: unknown }; channel_address?: string };
  const address = fixture.channel_address;
  return { credentials: fixture.credentials.good, ...(address === undefined ? {} : { channel_address: address }) };
}

/** The contract's example request of an endpoint, with this adapter's loopback credentials and address. */
export function exampleFor(row: AdapterEndpointDef, fixture: ReturnType<typeof loopbackFixture>): unknown {
  const example = row.request?.example;
  if (example === null || typeof example !== "object") return example;
  const filled: Record<string, unknown> = { ...(example as Record<string, unknown>) };
  if ("credentials" in filled) filled.credentials = fixture.credentials;
  if ("channel_address" in filled && fixture.channel_address !== undefined) {
    filled.channel_address = fixture.channel_address;
  }
  return filled;
}

/** A fresh D9 signing secret. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** D9 Standard Webhooks headers over the exact body bytes (which need not be UTF-8). */
export function signBytes(secret: string, body: Buffer | null): [string, Buffer][] {
  const id = `msg_${randomBytes(9).toString("hex")}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const mac = createHmac("sha256", key)
    .update(`${id}.${timestamp}.`)
    .update(body ?? Buffer.alloc(0))
    .digest("base64");
  return [
    ["webhook-id", Buffer.from(id)],
    ["webhook-timestamp", Buffer.from(timestamp)],
    ["webhook-signature", Buffer.from(`v1,${mac}`)],
  ];
}
