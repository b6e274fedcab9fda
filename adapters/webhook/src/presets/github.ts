import { verifyGithubSha256 } from "@adapterkit/sdk";
import { readPath } from "../read-path.ts";
import { checkTextSecret, headerOf, type Preset, type PresetInput } from "./preset.ts";

/**
 * GitHub as it sends deliveries: `x-hub-signature-256` over the raw body, `x-github-delivery` kept across
 * redeliveries, `x-github-event` plus the payload's `action` as the event type (`issues.opened`), `sender.login`.
 */
export const githubPreset: Preset = {
  name: "github",
  verify: ({ credentials, headers, body }) => verifyGithubSha256({ secret: credentials.signing_secret, headers, body }),
  checkCredentials: (credentials) => checkTextSecret(credentials, "GitHub webhook"),
  dedupKey: (input) => headerOf(input, "x-github-delivery"),
  eventType(input) {
    const event = headerOf(input, "x-github-event");
    if (event === undefined) return undefined;
    const action = readPath(input.document, "/action");
    return typeof action === "string" && action !== "" ? `${event}.${action}` : event;
  },
  sender: (input) => stringAt(input, "/sender/login") ?? "github",
  isBot: (input) => stringAt(input, "/sender/type") === "Bot",
  // The text a person wrote, when the event carries one; else the whole body is the message.
  messagePaths: ["/comment/body", "/review/body", "/head_commit/message", "/issue/title", "/pull_request/title"],
};

function stringAt(input: PresetInput, path: string): string | undefined {
  const value = readPath(input.document, path);
  return typeof value === "string" && value !== "" ? value : undefined;
}
