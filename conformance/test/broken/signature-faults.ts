import type { BrokenAdapter } from "../run-against.ts";
import { faultyStandardWebhook, faultyVerifyWebhook } from "./faulty-standard-webhook.ts";

/** Platform signatures it verified once are trusted again with any id or timestamp beside them. */
export const platformSignatureCached: BrokenAdapter = {
  fault: "platform signature cached by value (id and timestamp not re-checked)",
  adapter: { overrides: { "verify-webhook": faultyVerifyWebhook("cached") } },
  caughtBy: ["verify-webhook.covers-signed-parts"],
};

/** Platform timestamps ten minutes in the future pass. */
export const platformFutureTimestampAccepted: BrokenAdapter = {
  fault: "platform timestamp checked on one side of now only",
  adapter: { overrides: { "verify-webhook": faultyVerifyWebhook("one-sided-tolerance") } },
  caughtBy: ["verify-webhook.timestamp-both-sides"],
};

/** A short platform signature reaches timingSafeEqual, which throws: a 500. */
export const platformSignatureLengthUnchecked: BrokenAdapter = {
  fault: "short platform signature crashes the comparison",
  adapter: { overrides: { "verify-webhook": faultyVerifyWebhook("unchecked-length") } },
  caughtBy: ["verify-webhook.rejects-malformed-signature"],
};

/** Only the first of several platform signatures is compared. */
export const platformFirstSignatureOnly: BrokenAdapter = {
  fault: "only the first of several platform signatures compared",
  adapter: { overrides: { "verify-webhook": faultyVerifyWebhook("first-signature-only") } },
  caughtBy: ["verify-webhook.several-signatures"],
};

/** Service signatures it verified once are trusted again with any id or timestamp beside them. */
export const serviceSignatureCached: BrokenAdapter = {
  fault: "service signature cached by value (id and timestamp not re-checked)",
  adapter: { serviceSignatureProblem: faultyStandardWebhook("cached") },
  caughtBy: ["security.covers-signed-parts"],
};

/** Service calls signed ten minutes ahead pass. */
export const serviceFutureTimestampAccepted: BrokenAdapter = {
  fault: "service timestamp checked on one side of now only",
  adapter: { serviceSignatureProblem: faultyStandardWebhook("one-sided-tolerance") },
  caughtBy: ["security.timestamp-both-sides"],
};

/** A short service signature reaches timingSafeEqual, which throws: a 500. */
export const serviceSignatureLengthUnchecked: BrokenAdapter = {
  fault: "short service signature crashes the comparison",
  adapter: { serviceSignatureProblem: faultyStandardWebhook("unchecked-length") },
  caughtBy: ["security.rejects-malformed-signature"],
};

/** Only the first of several service signatures is compared: a secret rotation locks the service out. */
export const serviceFirstSignatureOnly: BrokenAdapter = {
  fault: "only the first of several service signatures compared",
  adapter: { serviceSignatureProblem: faultyStandardWebhook("first-signature-only") },
  caughtBy: ["security.rotated-secrets"],
};

/** The signature faults of issue 19, one check each. */
export const SIGNATURE_FAULTS: readonly BrokenAdapter[] = [
  platformSignatureCached,
  platformFutureTimestampAccepted,
  platformSignatureLengthUnchecked,
  platformFirstSignatureOnly,
  serviceSignatureCached,
  serviceFutureTimestampAccepted,
  serviceSignatureLengthUnchecked,
  serviceFirstSignatureOnly,
];
