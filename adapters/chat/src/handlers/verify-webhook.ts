import { rawBodyOf, SignatureError, type VerifyWebhookHandler, verifySlackV0 } from "@adapterkit/sdk";
import type { chatManifest } from "../manifest.ts";

/** Slack's documented replay window: five minutes either way. */
const TOLERANCE_SECONDS = 300;

/**
 * `POST /verify-webhook`: checks Slack's v0 signature (`x-slack-signature`, `x-slack-request-timestamp`) over
 * the exact body bytes with the signing secret, within five minutes. An empty secret verifies nothing (the SDK
 * answers `missing_secret`), so every request is refused.
 */
export const verifyWebhook: VerifyWebhookHandler<typeof chatManifest> = (envelope) => {
  try {
    verifySlackV0({
      secret: envelope.credentials.signing_secret,
      headers: envelope.headers,
      body: rawBodyOf(envelope),
      toleranceSeconds: TOLERANCE_SECONDS,
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof SignatureError) return { ok: false, error: `${error.code}: ${error.message}` };
    throw error;
  }
};
