import type { VerifyHandler } from "@adapterkit/sdk";
import { callSlack, isNotTheWebApi, UNREACHABLE } from "../call-slack.ts";
import type { chatManifest } from "../manifest.ts";

/**
 * `POST /verify`: calls `auth.test` with the bot token; answers the bot's user name, or Slack's error code
 * (`invalid_auth`, `token_revoked`…) so a person can see what is wrong. A refusal is never a 5xx. Anything that is
 * not a Web API answer reads like an unreachable server, so api_base_url cannot map a network (architecture.md#a18).
 */
export const verify: VerifyHandler<typeof chatManifest> = async ({ credentials }, context) => {
  const result = await callSlack("auth.test", {
    baseUrl: credentials.api_base_url,
    token: credentials.token,
    signal: context.signal,
    outbound: context.outbound,
  });
  if (!result.ok && isNotTheWebApi(result.error)) {
    context.log.warn({ error: result.error }, "verify: api_base_url did not answer as the Web API");
    return { ok: false, error: UNREACHABLE.error };
  }
  if (!result.ok) return { ok: false, error: result.error };
  const { user, user_id: userId, team } = result.data;
  const name = typeof user === "string" && user !== "" ? user : typeof userId === "string" ? userId : "bot";
  return { ok: true, user: typeof team === "string" && team !== "" ? `${name} (${team})` : name };
};
