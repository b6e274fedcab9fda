import { verifyStripeV1 } from "@adapterkit/sdk";
import { readPath } from "../read-path.ts";
import { checkTextSecret, type Preset, type PresetInput } from "./preset.ts";

/**
 * Stripe as it sends events: `stripe-signature` (`t=…,v1=…`, five minutes' tolerance), the event's `id` kept across
 * retries, its `type`, and the connected `account` (else `stripe`) as sender.
 */
export const stripePreset: Preset = {
  name: "stripe",
  verify: ({ credentials, headers, body }) =>
    verifyStripeV1({ secret: credentials.signing_secret.trim(), headers, body }),
  checkCredentials: (credentials) => checkTextSecret(credentials, "Stripe endpoint's whsec_…"),
  dedupKey: (input) => stringAt(input, "/id"),
  eventType: (input) => stringAt(input, "/type"),
  sender: (input) => stringAt(input, "/account") ?? "stripe",
  isBot: () => false,
  messagePaths: [],
};

function stringAt(input: PresetInput, path: string): string | undefined {
  const value = readPath(input.document, path);
  return typeof value === "string" && value !== "" ? value : undefined;
}
