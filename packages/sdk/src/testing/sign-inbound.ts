import type { InboundEnvelope } from "@adapterkit/contract/adapter";
import { type SchemeSignOptions, SIGNATURE_SCHEMES, type SignatureSchemeName } from "../helpers/index.ts";
import { buildEnvelope, type EnvelopeSource } from "./build-envelope.ts";

/**
 * Signs an inbound sample the way its platform would, returning the headers to send with it.
 * @example const headers = signInbound("slack-v0", { secret: "8f742231…", body });
 */
export function signInbound(scheme: SignatureSchemeName, options: SchemeSignOptions): Record<string, string> {
  return SIGNATURE_SCHEMES[scheme].sign(options);
}

/** A signed inbound sample wrapped as the D2 envelope the service would send the adapter. */
export function buildSignedEnvelope(
  scheme: SignatureSchemeName,
  options: Omit<EnvelopeSource, "body"> & SchemeSignOptions & { body: string | Uint8Array },
): InboundEnvelope {
  const { secret, timestamp, id, now, ...source } = options;
  const signOptions: SchemeSignOptions = { secret, body: source.body };
  if (timestamp !== undefined) signOptions.timestamp = timestamp;
  if (id !== undefined) signOptions.id = id;
  if (now !== undefined) signOptions.now = now;
  const signature = signInbound(scheme, signOptions);
  return buildEnvelope({ ...source, headers: { ...source.headers, ...signature } });
}
