import { defineAdapter } from "@adapterkit/sdk";
import { channelManifest } from "./channel-kit.ts";
import { STANDARD_WEBHOOKS_HANDLERS } from "./standard-webhooks.ts";

/**
 * The Standard Webhooks style with every promise the service relies on said out loud: the manifest declares the
 * combined `/inbound` endpoint, the API URL credential and the channel address are reached only through the SDK's
 * guard, and `/deliver` replays the first answer for a repeated `Idempotency-Key` (the SDK's cache, D174). The corpus
 * serves it with `127.0.0.1` allowed, as `npm start` allows its stand-ins, so a closed port there is tried and its
 * answer compared with a refusal's.
 */
export const combinedInboundAdapter = defineAdapter({
  manifest: { ...channelManifest("Corpus combined inbound", "combined-inbound"), endpoints: ["inbound"] },
  ...STANDARD_WEBHOOKS_HANDLERS,
});
