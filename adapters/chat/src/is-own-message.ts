import { type SlackEvent, type SlackPayload, stringOf } from "./slack-event.ts";

/**
 * The feedback-loop rule for chat (contract.md#is-bot-rule): a message is the platform's own when it carries a
 * `bot_id`, has subtype `bot_message`, or was written by this app's bot user — named in the credentials, or in the
 * payload's `authorizations` entries that are bots.
 */
export function isOwnMessage(payload: SlackPayload, event: SlackEvent, botUserId: string | undefined): boolean {
  if (stringOf(event.bot_id) !== undefined || event.subtype === "bot_message") return true;
  const user = stringOf(event.user);
  if (user === undefined) return false;
  return user === botUserId || botUsersOf(payload).includes(user);
}

function botUsersOf(payload: SlackPayload): string[] {
  if (!Array.isArray(payload.authorizations)) return [];
  return payload.authorizations.flatMap((entry: unknown) => {
    const { is_bot: isBot, user_id: userId } = (entry ?? {}) as Record<string, unknown>;
    const id = stringOf(userId);
    return isBot === true && id !== undefined ? [id] : [];
  });
}
