import { createHash } from "node:crypto";
import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer, envelopeOf, eventOf, isMessage } from "./behaviour-helpers.ts";

/** Reads `event.type` off whatever JSON the platform sent: a `null` body throws, a 500. */
export const nullBodyCrashes: BrokenAdapter = {
  fault: "a signed null body crashes /parse-inbound",
  adapter: {
    overrides: {
      "parse-inbound": (request) => {
        const envelope = envelopeOf(request);
        if (envelope === undefined || envelope.body === "") return undefined;
        const event = JSON.parse(envelope.body) as { type?: unknown } | null;
        void (event as { type?: unknown }).type;
        return undefined;
      },
    },
  },
  caughtBy: ["parse-inbound.non-object-bodies"],
};

/** Decides is_bot only where triggers need it: in front-desk mode its own echo passes as a person's message. */
export const frontDeskEchoNotBot: BrokenAdapter = {
  fault: "is_bot false on its own echo in front_desk mode",
  adapter: {
    overrides: {
      "parse-inbound": (request, reference) =>
        editAnswer(reference, (body) =>
          isMessage(body) && (request.json as { mode?: unknown }).mode === "front_desk"
            ? { ...body, is_bot: false }
            : body,
        ),
    },
  },
  caughtBy: ["feedback-loop.front-desk-echo"],
};

/** Looks for its marker only on top-level messages: its own replies in a thread come back as a person's. */
export const threadEchoNotBot: BrokenAdapter = {
  fault: "is_bot false on its own echo in a thread",
  adapter: {
    overrides: {
      "parse-inbound": (request, reference) => {
        const envelope = envelopeOf(request);
        const threadId = envelope === undefined ? undefined : eventOf(envelope)?.thread_id;
        return editAnswer(reference, (body) =>
          isMessage(body) && typeof threadId === "string" && threadId !== "" ? { ...body, is_bot: false } : body,
        );
      },
    },
  },
  caughtBy: ["feedback-loop.thread-echo"],
};

/** Hashes the whole platform body into dedup_key: the same event with other text (an edit-in-place resend) looks new. */
export const dedupKeyFromBody: BrokenAdapter = {
  fault: "dedup_key hashed from the body, not the event id",
  adapter: {
    overrides: {
      "parse-inbound": (request, reference) => {
        const body = envelopeOf(request)?.body ?? "";
        const key = createHash("sha256").update(body).digest("hex").slice(0, 24);
        return editAnswer(reference, (answer) => (isMessage(answer) ? { ...answer, dedup_key: key } : answer));
      },
    },
  },
  caughtBy: ["parse-inbound.dedup-key-from-identity"],
};

/** The inbound faults of issue 19, one check each. */
/** Declares the combined endpoint, whose answer calls the adapter's own echo a person's: the front desk answers itself. */
export const combinedEchoNotBot: BrokenAdapter = {
  fault: "/inbound answers is_bot false for the adapter's own echo",
  adapter: {
    manifestPatch: { endpoints: ["inbound"] },
    overrides: {
      inbound: (_request, reference) =>
        editAnswer(reference, (body) => (body.is_bot === true ? { ...body, is_bot: false } : body)),
    },
  },
  caughtBy: ["inbound.combined-feedback-loop"],
};

/** Declares the combined endpoint, which takes the platform's retry header for a replay and ignores the event. */
export const combinedRetryIgnored: BrokenAdapter = {
  fault: "/inbound ignores a platform retry",
  adapter: {
    manifestPatch: { endpoints: ["inbound"] },
    overrides: {
      inbound: (request) =>
        envelopeOf(request)?.headers["x-reference-retry"] === undefined
          ? undefined
          : { status: 200, body: { ignored: true, reason: "a retry" } },
    },
  },
  caughtBy: ["inbound.combined-retry"],
};

export const INBOUND_FAULTS: readonly BrokenAdapter[] = [
  nullBodyCrashes,
  frontDeskEchoNotBot,
  threadEchoNotBot,
  dedupKeyFromBody,
  combinedEchoNotBot,
  combinedRetryIgnored,
];
