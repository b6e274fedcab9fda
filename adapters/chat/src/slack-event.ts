/** The parts of a Slack Events API payload this adapter reads; Slack sends more, and it is kept out of the way. */
export interface SlackPayload {
  type?: unknown;
  challenge?: unknown;
  event_id?: unknown;
  event_time?: unknown;
  team_id?: unknown;
  api_app_id?: unknown;
  event?: SlackEvent;
  authorizations?: unknown;
}

/** An inner `event` of an `event_callback`. */
export interface SlackEvent {
  type?: unknown;
  subtype?: unknown;
  user?: unknown;
  bot_id?: unknown;
  username?: unknown;
  text?: unknown;
  channel?: unknown;
  channel_type?: unknown;
  ts?: unknown;
  thread_ts?: unknown;
  hidden?: unknown;
  /** A `file_share`'s files: `{ id, name, mimetype, url_private, … }` each. */
  files?: unknown;
}

/** The value when it is a non-empty string, else undefined: Slack omits, nulls and empties fields freely. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
