import { AdapterHttpError, type VerifyHandler } from "@adapterkit/sdk";
import type { manifest } from "../manifest.ts";
import { propfind } from "../propfind.ts";
import { readWebdavSettings } from "../webdav-settings.ts";

/**
 * `/verify`: an authenticated PROPFIND (`Depth: 0`) of the base URL. A refusal, a missing folder or an unreachable
 * server is `{ ok: false, error }` saying so; a 401 reads "WebDAV server refused the credentials (401)". No answer
 * repeats `base_url`, which may hold a secret.
 */
export const verify: VerifyHandler<typeof manifest> = async ({ credentials }, { signal }) => {
  try {
    const settings = readWebdavSettings(credentials);
    const [base] = await propfind(settings, "/", { depth: 0, signal });
    if (base !== undefined && !base.isCollection) {
      return { ok: false, error: "base_url names a file; it must be a WebDAV folder" };
    }
    return { ok: true, user: settings.username };
  } catch (error) {
    // Checking credentials is this endpoint's job, so every platform refusal is its answer, not an error status.
    if (!(error instanceof AdapterHttpError)) throw error;
    if (error.code === "not_found") return { ok: false, error: "No WebDAV folder at base_url (404)" };
    return { ok: false, error: error.message };
  }
};
