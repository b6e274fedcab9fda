import { randomBytes } from "node:crypto";

/** A fresh Standard Webhooks secret of `bytes` random bytes. */
export function whsec(bytes = 32): string {
  return `whsec_${randomBytes(bytes).toString("base64")}`;
}

/** Credentials as the service would pass them: the inbound secret only. */
export const CREDENTIALS = { signing_secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" };
