import { AdapterHttpError, type Issue, rawBodyOf } from "@adapterkit/sdk";

/** What the mail gateway posts (Gmail's message resource, in part): labels and the raw RFC 5322 message. */
export interface GatewayPayload {
  /** The gateway's own id of the message, when it sends one. */
  id: string | undefined;
  labelIds: string[];
  /** The RFC 5322 message, decoded from `raw`. */
  raw: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Reads the gateway's JSON `{ id?, labelIds, raw }` from an inbound envelope; `raw` is base64url (plain base64
 * is accepted too). Throws 400 `invalid_request` naming each bad field under `/body`.
 */
export function readGatewayPayload(envelope: { body: string; body_encoding?: "base64" | undefined }): GatewayPayload {
  let json: unknown;
  try {
    json = JSON.parse(rawBodyOf(envelope).toString());
  } catch (error) {
    throw invalid([{ path: "/body", message: `the gateway body is not JSON (${(error as Error).message})` }]);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw invalid([{ path: "/body", message: "expected a JSON object { id?, labelIds, raw }" }]);
  }
  const { id, labelIds, raw } = json as Record<string, unknown>;
  const issues: Issue[] = [];
  if (id !== undefined && typeof id !== "string") issues.push({ path: "/body/id", message: "expected a string" });
  if (!Array.isArray(labelIds) || !labelIds.every((label) => typeof label === "string")) {
    issues.push({ path: "/body/labelIds", message: 'expected an array of label names such as ["INBOX"]' });
  }
  if (typeof raw !== "string" || !BASE64.test(raw)) {
    issues.push({ path: "/body/raw", message: "expected the RFC 5322 message as base64url text" });
  }
  if (issues.length > 0) throw invalid(issues);
  return { id: id as string | undefined, labelIds: labelIds as string[], raw: Buffer.from(raw as string, "base64url") };
}

function invalid(issues: Issue[]): AdapterHttpError {
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
  return new AdapterHttpError("invalid_request", `Not a mail gateway message: ${summary}`, { issues });
}
