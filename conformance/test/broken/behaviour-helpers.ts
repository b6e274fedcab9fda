import type { ReferenceRequest, ReferenceResponse } from "../reference/types.ts";

/** The inbound envelope of a `/verify-webhook` or `/parse-inbound` call, as the broken adapters read it. */
export interface Envelope {
  readonly credentials: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The request's envelope, or undefined when the body is not one (the reference answers those). */
export function envelopeOf(request: ReferenceRequest): Envelope | undefined {
  const json = request.json as Partial<Envelope> | undefined;
  return typeof json?.body === "string" && typeof json.headers === "object" ? (json as Envelope) : undefined;
}

/** The platform event inside an envelope, when its body is a JSON object. */
export function eventOf(envelope: Envelope): Record<string, unknown> | undefined {
  try {
    const event: unknown = JSON.parse(envelope.body);
    return typeof event === "object" && event !== null ? (event as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A copy of the request with another JSON body (what a broken adapter hands the reference handler instead). */
export function withJson(request: ReferenceRequest, json: unknown): ReferenceRequest {
  return { ...request, json, rawBody: JSON.stringify(json) };
}

/** The reference's answer with its JSON body changed when it is a 200 object; anything else passes unchanged. */
export async function editAnswer(
  reference: () => Promise<ReferenceResponse>,
  edit: (body: Record<string, unknown>) => Record<string, unknown>,
): Promise<ReferenceResponse> {
  const answer = await reference();
  if (answer.status !== 200 || typeof answer.body !== "object" || answer.body === null) return answer;
  return { ...answer, body: edit(answer.body as Record<string, unknown>) };
}

/** Whether a `/parse-inbound` answer body is a normalized message. */
export function isMessage(body: Record<string, unknown>): boolean {
  return typeof body.sender === "string" && typeof body.message === "string";
}
