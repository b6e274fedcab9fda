import { defineManifest } from "@adapterkit/sdk";

/** The Slack Web API, unless the credentials name another base URL (a stand-in, an Enterprise Grid proxy). */
export const DEFAULT_API_BASE_URL = "https://slack.com/api";

/** The chat adapter's manifest: a Slack-compatible channel app that sends and receives. */
export const chatManifest = defineManifest({
  schema_version: "1.0",
  name: "Chat",
  slug: "chat",
  description: "Slack-compatible chat: receives Events API messages and posts replies with chat.postMessage.",
  icon: "chat-bubble-left-right",
  category: "communication",
  version: "0.1.0",
  capabilities: ["send", "receive"],
  credentials: [
    { key: "chat_bot_token", type: "api_key", label: "Bot User OAuth Token (xoxb-…)", maps_to: "token" },
    { key: "chat_signing_secret", type: "text", label: "Signing Secret", maps_to: "signing_secret" },
    {
      key: "chat_options",
      type: "text",
      label: "Workspace options",
      fields: [
        { name: "api_base_url", label: `Web API base URL (default ${DEFAULT_API_BASE_URL})`, optional: true },
        { name: "bot_user_id", label: "The app's bot user ID (U…), to recognise its own messages", optional: true },
      ],
    },
  ],
  skill: {
    name: "Chat messaging",
    description: "Post messages to chat channels and threads.",
    knowledge:
      "Use send_chat_message to post a message to a chat channel (its ID, such as C0123ABCD) or to reply in a " +
      "thread (pass the thread's timestamp as thread_id). Write Markdown; it is converted to the chat's own markup.",
    tool_names: ["send_chat_message"],
  },
  setup_instructions: [
    "Create an app at https://api.slack.com/apps (From scratch) in your workspace.",
    "Under OAuth & Permissions add the bot scopes chat:write, channels:history, groups:history, im:history and mpim:history, then install the app and copy the Bot User OAuth Token (xoxb-…).",
    "Under Basic Information copy the Signing Secret.",
    "Under Event Subscriptions turn events on, paste this App's inbound URL as the Request URL (the adapter answers Slack's url_verification challenge) and subscribe the bot to message.channels, message.groups, message.im and message.mpim.",
    "Optionally enter the bot user ID (shown by auth.test as user_id) so the app's own messages are always recognised, and an API base URL for a Slack-compatible server.",
    "Invite the bot to each channel it should read or post in (/invite @your-app).",
  ],
  author: { name: "adapterkit" },
});
