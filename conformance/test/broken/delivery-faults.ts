import { createHash } from "node:crypto";
import { deliver, deliverOnce } from "../reference/deliver.ts";
import type { ReferenceRequest } from "../reference/types.ts";
import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer, withJson } from "./behaviour-helpers.ts";

interface DeliverJson {
  readonly credentials?: { readonly token?: unknown };
  readonly message?: { readonly text?: unknown; readonly thread_id?: unknown };
}

const deliverJson = (request: ReferenceRequest) => (request.json ?? {}) as DeliverJson;

/**
 * Calls every platform failure retryable, a refusal included: the service retries what cannot succeed. Refused
 * credentials (the platform's 401) it keeps final, so that `deliver.rejects-bad-credentials` (D495) has a fault of
 * its own below.
 */
export const everyPlatformFailureRetryable: BrokenAdapter = {
  fault: "a platform 4xx reported retryable",
  adapter: {
    overrides: {
      deliver: (_request, reference) =>
        editAnswer(reference, (body) =>
          body.ok === false && !String(body.error).includes("401") ? { ...body, retryable: true } : body,
        ),
    },
  },
  caughtBy: ["deliver.platform-4xx-not-retryable"],
};

/** Calls refused credentials retryable: the service retries a delivery no retry can fix. */
export const refusedCredentialsRetryable: BrokenAdapter = {
  fault: "refused credentials reported retryable",
  adapter: {
    overrides: {
      deliver: (_request, reference) =>
        editAnswer(reference, (body) =>
          body.ok === false && String(body.error).includes("401") ? { ...body, retryable: true } : body,
        ),
    },
  },
  caughtBy: ["deliver.rejects-bad-credentials"],
};

/** Ignores `Idempotency-Key`: the service's retry of a delivery whose answer it lost posts the message again. */
export const idempotencyKeyIgnored: BrokenAdapter = {
  fault: "Idempotency-Key ignored on /deliver",
  adapter: { overrides: { deliver: (request) => deliver(request) } },
  caughtBy: ["deliver.idempotency-key-replayed"],
};

/** Guards /verify but posts a delivery to whatever channel address it is given. */
export const channelAddressUnguarded: BrokenAdapter = {
  fault: "/deliver connects to any channel address",
  adapter: {
    overrides: { deliver: (request) => deliverOnce({ ...request, guardedFetch: (url, init) => fetch(url, init) }) },
  },
  caughtBy: ["deliver.outbound-guard"],
};

/** Retries only 5xx: a rate limit is reported final and the message is dropped. */
export const rateLimitNotRetryable: BrokenAdapter = {
  fault: "a platform 429 reported not retryable",
  adapter: {
    overrides: {
      deliver: (_request, reference) =>
        editAnswer(reference, (body) =>
          body.ok === false && String(body.error).includes("429") ? { ...body, retryable: false } : body,
        ),
    },
  },
  caughtBy: ["deliver.platform-429-retryable"],
};

/** Posts a message again once the first post succeeded (a "send, then update" done as a second send). */
export const postsTwice: BrokenAdapter = {
  fault: "one delivery posted twice",
  adapter: {
    overrides: {
      deliver: (request) =>
        deliverOnce(request, async (given) => {
          const first = await deliver(given);
          return (first.body as { ok?: unknown }).ok === true ? deliver(given) : first;
        }),
    },
  },
  caughtBy: ["deliver.one-platform-request"],
};

/** Derives message_id from the text: two equal messages get one id. */
export const messageIdFromText: BrokenAdapter = {
  fault: "message_id derived from the text",
  adapter: {
    overrides: {
      deliver: (request, reference) =>
        editAnswer(reference, (body) =>
          body.ok === true
            ? {
                ...body,
                message_id: createHash("sha256")
                  .update(String(deliverJson(request).message?.text))
                  .digest("hex"),
              }
            : body,
        ),
    },
  },
  caughtBy: ["deliver.message-ids-distinct"],
};

/** Reads a number-like thread id as a number: `1712345678.000100` goes out as `1712345678.0001`. */
export const threadIdAsNumber: BrokenAdapter = {
  fault: "a number-like thread id sent as a number",
  adapter: {
    overrides: {
      deliver: (request) => {
        const json = deliverJson(request);
        const threadId = json.message?.thread_id;
        if (typeof threadId !== "string" || !/^\d+(\.\d+)?$/.test(threadId)) return undefined;
        return deliver(
          withJson(request, { ...json, message: { ...json.message, thread_id: String(Number(threadId)) } }),
        );
      },
    },
  },
  caughtBy: ["deliver.thread-id-exact"],
};

/** Capitalises the first character of the text without looking: an empty text throws, a 500. */
export const emptyTextCrashes: BrokenAdapter = {
  fault: "an empty text crashes /deliver",
  adapter: {
    overrides: {
      deliver: (request) => {
        const text = deliverJson(request).message?.text;
        if (typeof text === "string") (text[0] as string).toUpperCase();
        return undefined;
      },
    },
  },
  caughtBy: ["deliver.empty-and-large-text"],
};

/** Quotes the Authorization header it sent in the error of a failed delivery. */
export const platformErrorQuotesToken: BrokenAdapter = {
  fault: "the token quoted in a platform error",
  adapter: {
    overrides: {
      deliver: (request, reference) =>
        editAnswer(reference, (body) =>
          body.ok === false
            ? {
                ...body,
                error: `${String(body.error)} (sent authorization: Bearer ${String(deliverJson(request).credentials?.token)})`,
              }
            : body,
        ),
    },
  },
  caughtBy: ["deliver.errors-leak-nothing"],
};

/** The delivery faults of issue 19, one check each. */
export const DELIVERY_FAULTS: readonly BrokenAdapter[] = [
  everyPlatformFailureRetryable,
  rateLimitNotRetryable,
  postsTwice,
  messageIdFromText,
  threadIdAsNumber,
  emptyTextCrashes,
  platformErrorQuotesToken,
  refusedCredentialsRetryable,
  idempotencyKeyIgnored,
  channelAddressUnguarded,
];
