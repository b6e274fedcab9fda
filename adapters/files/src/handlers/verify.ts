import { AdapterHttpError, OUTBOUND_UNREACHABLE, type VerifyHandler } from "@adapterkit/sdk";
import type { manifest } from "../manifest.ts";
import { propfind } from "../propfind.ts";
import { isCredentialRefusal } from "../webdav-request.ts";
import { readWebdavSettings } from "../webdav-settings.ts";

/**
 * `/verify`: an authenticated PROPFIND (`Depth: 0`) of the base URL. A 401 or 403 reads "WebDAV server refused the
 * credentials (401)"; a missing folder (404), any other answer that is not WebDAV's, a time-out, a refused connection
 * and the outbound guard's refusal all read the same "could not reach the configured server", so that base_url cannot
 * be used to tell open ports from closed ones (architecture.md#a18); the cause is in the adapter's log. No answer
 * repeats `base_url`, which may hold a secret.
 */
export const verify: VerifyHandler<typeof manifest> = async ({ credentials }, context) => {
  try {
    const settings = readWebdavSettings(credentials, context);
    const [base] = await propfind(settings, "/", { depth: 0, signal: context.signal });
    if (base !== undefined && !base.isCollection) {
      return { ok: false, error: "base_url names a file; it must be a WebDAV folder" };
    }
    return { ok: true, user: settings.username };
  } catch (error) {
    // Checking credentials is this endpoint's job, so every platform refusal is its answer, not an error status.
    if (!(error instanceof AdapterHttpError)) throw error;
    if (error.code === "invalid_request" || isCredentialRefusal(error)) return { ok: false, error: error.message };
    context.log.warn({ reason: error.message }, "verify: base_url did not answer as a WebDAV folder");
    return { ok: false, error: OUTBOUND_UNREACHABLE };
  }
};
