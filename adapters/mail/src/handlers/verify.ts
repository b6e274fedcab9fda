import { AdapterHttpError, type VerifyHandler } from "@adapterkit/sdk";
import { createSmtpTransport } from "../create-smtp-transport.ts";
import { describeSmtpError } from "../describe-smtp-error.ts";
import type { manifest } from "../manifest.ts";
import { readSmtpSettings, type SmtpSettings } from "../smtp-settings.ts";

/** `/verify`: connects to the SMTP server and logs in; a refusal or an unreachable server is `{ ok: false }`. */
export const verify: VerifyHandler<typeof manifest> = async ({ credentials }, context) => {
  let settings: SmtpSettings;
  try {
    settings = readSmtpSettings(credentials);
  } catch (error) {
    // Checking credentials is this endpoint's job, so unusable ones are its answer rather than a 400.
    if (error instanceof AdapterHttpError) return { ok: false, error: error.message };
    throw error;
  }
  const transport = createSmtpTransport(settings, context);
  try {
    await transport.verify();
    return { ok: true, user: settings.username };
  } catch (error) {
    return { ok: false, error: describeSmtpError(error, settings, context.log).message };
  } finally {
    transport.close();
  }
};
