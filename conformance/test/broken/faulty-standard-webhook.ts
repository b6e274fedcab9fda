import { createHmac, timingSafeEqual } from "node:crypto";
import type { ReferenceOverride } from "../reference/types.ts";
import { envelopeOf } from "./behaviour-helpers.ts";

/** One mistake a careful author still makes in a Standard Webhooks verifier. */
export type SignatureFault =
  /** Remembers signatures it verified and waves the same value through again, whatever id or timestamp comes with it. */
  | "cached"
  /** Refuses old timestamps but not ones in the future. */
  | "one-sided-tolerance"
  /** Hands timingSafeEqual digests of any length, which throws (a 500) on a short or empty one. */
  | "unchecked-length"
  /** Reads only the first signature of the header. */
  | "first-signature-only";

/** A Standard Webhooks verifier with one fault: why the request is not validly signed, or undefined. */
export function faultyStandardWebhook(
  fault: SignatureFault,
): (secret: string, headers: Record<string, string>, body: Buffer) => string | undefined {
  const verified = new Set<string>();
  return (secret, headers, body) => {
    const { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": header } = headers;
    if (!id || !timestamp || !header) return "missing headers";
    if (fault === "cached" && verified.has(header)) return undefined;
    const age = Date.now() / 1000 - Number(timestamp);
    if (!Number.isInteger(Number(timestamp)) || age > 300 || (fault !== "one-sided-tolerance" && age < -300)) {
      return "stale timestamp";
    }
    const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
    const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest();
    const entries = fault === "first-signature-only" ? header.split(" ").slice(0, 1) : header.split(" ");
    const matches = entries.some((entry) => {
      const given = Buffer.from(entry.replace(/^v1,/, ""), "base64");
      if (fault !== "unchecked-length" && given.length !== expected.length) return false;
      return timingSafeEqual(given, expected);
    });
    if (!matches) return "signature mismatch";
    verified.add(header);
    return undefined;
  };
}

/** A `/verify-webhook` override checking the platform's signature with the faulty verifier. */
export function faultyVerifyWebhook(fault: SignatureFault): ReferenceOverride {
  const problemOf = faultyStandardWebhook(fault);
  return (request) => {
    const envelope = envelopeOf(request);
    const secret = envelope?.credentials.signing_secret;
    if (envelope === undefined || typeof secret !== "string") return undefined;
    const problem = problemOf(secret, envelope.headers, Buffer.from(envelope.body));
    return { status: 200, body: problem === undefined ? { ok: true } : { ok: false, error: problem } };
  };
}
