import { verifyRequestSchema } from "@adapterkit/contract";
import { OUTBOUND_UNREACHABLE } from "@adapterkit/sdk";
import { adapterError, json, type ReferenceRequest, type ReferenceResponse } from "./types.ts";
import { credential, validate } from "./validate.ts";

/**
 * `POST /verify`: asks the platform who the token belongs to, through the guard (api_url is tenant data); a platform
 * that cannot be reached, or may not be, is `ok: false` in one sentence.
 */
export async function verify(request: ReferenceRequest): Promise<ReferenceResponse> {
  const body = validate(verifyRequestSchema, request.json);
  if (!body.ok) return body.response;
  const token = credential(body.value.credentials, "token");
  if (!token.ok) return token.response;
  const apiUrl = credential(body.value.credentials, "api_url");
  if (!apiUrl.ok) return apiUrl.response;
  let answer: Response;
  try {
    answer = await request.guardedFetch(`${apiUrl.value}/api/me`, {
      headers: { authorization: `Bearer ${token.value}` },
    });
  } catch {
    return json(200, { ok: false, error: OUTBOUND_UNREACHABLE });
  }
  if (answer.status >= 500) return adapterError(502, "platform_error", `the platform answered ${answer.status}`);
  if (!answer.ok) return json(200, { ok: false, error: "the platform refused the token" });
  const me = (await answer.json().catch(() => ({}))) as { user?: unknown };
  if (typeof me.user !== "string") return adapterError(502, "platform_error", "the platform's answer has no user");
  return json(200, { ok: true, user: me.user });
}
