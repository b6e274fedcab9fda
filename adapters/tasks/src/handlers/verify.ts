import { OUTBOUND_UNREACHABLE, type VerifyHandler } from "@adapterkit/sdk";
import type { tasksManifest } from "../manifest.ts";

/** How long the platform may take to answer; below the service's 10 s (D11). */
const PLATFORM_TIMEOUT_MS = 8_000;

/**
 * `POST /verify` against the platform at `platformUrl`: `GET /api/me` with the access token the service keeps
 * fresh; the account on success, the platform's `error` (`invalid_token` for an expired or revoked one) otherwise.
 */
export function createVerify(platformUrl: string): VerifyHandler<ReturnType<typeof tasksManifest>> {
  return async ({ credentials }, context) => {
    let response: Response;
    try {
      // Through the guard like every sample's call (architecture.md#a18); npm start allows its stand-in.
      response = await context.outbound.fetch(`${platformUrl.replace(/\/+$/, "")}/api/me`, {
        headers: { authorization: `Bearer ${credentials.access_token}` },
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(PLATFORM_TIMEOUT_MS)]),
      });
    } catch {
      return { ok: false, error: `network_error: ${OUTBOUND_UNREACHABLE}` };
    }
    const body = (await response.json().catch(() => ({}))) as { user?: unknown; error?: unknown };
    if (response.ok && typeof body.user === "string") return { ok: true, user: body.user };
    const code = typeof body.error === "string" ? body.error : `http_${response.status}`;
    return { ok: false, error: `${code}: the tasks platform refused the access token` };
  };
}
