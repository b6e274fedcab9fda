/** Message subtypes that carry a new message; every other subtype is answered as ignored. */
const MESSAGE_SUBTYPES: ReadonlySet<string> = new Set(["bot_message", "file_share", "thread_broadcast", "me_message"]);

/** Event types that carry a message a person wrote. */
const MESSAGE_TYPES: ReadonlySet<string> = new Set(["message", "app_mention"]);

/** What the subtypes Slack sends most often are, so the inbound log says why nothing started. */
const SUBTYPE_REASONS: Readonly<Record<string, string>> = {
  message_changed: "an edit of an earlier message",
  message_deleted: "the deletion of a message",
  message_replied: "a thread's reply count changing",
  channel_join: "someone joining the channel",
  channel_leave: "someone leaving the channel",
  group_join: "someone joining the private channel",
  group_leave: "someone leaving the private channel",
  channel_topic: "a change of the channel's topic",
  channel_purpose: "a change of the channel's purpose",
  channel_name: "a change of the channel's name",
  pinned_item: "a pin",
  unpinned_item: "an unpin",
};

/** What the event types that come with message subscriptions are. */
const TYPE_REASONS: Readonly<Record<string, string>> = {
  member_joined_channel: "someone joining a channel",
  member_left_channel: "someone leaving a channel",
  reaction_added: "a reaction",
  reaction_removed: "a reaction's removal",
};

/**
 * Why an event of this type and subtype is no new message a workflow could act on, or undefined when it is one
 * (D531): edits, deletions, joins and the like are answered as ignored with this reason.
 */
export function ignoredReason(type: string, subtype: string | undefined): string | undefined {
  if (!MESSAGE_TYPES.has(type)) {
    const what = TYPE_REASONS[type];
    return what === undefined ? `${type} events carry no message` : `${type} events are ${what}, not a message`;
  }
  if (subtype === undefined || MESSAGE_SUBTYPES.has(subtype)) return undefined;
  const what = SUBTYPE_REASONS[subtype];
  return what === undefined
    ? `message subtype ${subtype} carries no new message`
    : `message subtype ${subtype} is ${what}, not a new message`;
}
