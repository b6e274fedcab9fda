import type { InboundSample } from "../fixtures/fixtures.ts";
import { mapStrings } from "./escape-template.ts";

/** The sample `parse-inbound.content-byte-exact` probes, and a derived sample to add when none fits as captured. */
export interface ContentSample {
  readonly name: string;
  readonly added?: InboundSample;
}

/**
 * Picks a captured JSON message sample whose text the probe can replace: the runner swaps every body string equal
 * to the expected message, so that text must be free of templates. When the text carries a `{{nonce}}` (it was the
 * only identity) or escaped braces, a copy that says `{{content}}` there is added instead, leaving the captured
 * sample as it was.
 */
export function contentSample(samples: readonly InboundSample[]): ContentSample | undefined {
  const json = samples.filter(
    (sample) =>
      sample.expect.kind === "message" && typeof sample.request.body === "object" && sample.request.body !== null,
  );
  const plain = json.find((sample) => {
    const message = sample.expect.message;
    return (
      typeof message === "string" && message !== "" && !message.includes("{{") && hasLeaf(sample.request.body, message)
    );
  });
  if (plain !== undefined) return { name: plain.name };
  const templated = json.find(
    (sample) => typeof sample.expect.message === "string" && hasLeaf(sample.request.body, sample.expect.message),
  );
  if (templated === undefined) return undefined;
  const message = templated.expect.message as string;
  const added: InboundSample = {
    ...templated,
    name: `${templated.name} (content)`,
    request: {
      ...templated.request,
      body: mapStrings(templated.request.body, (text) => (text === message ? "{{content}}" : text)),
    },
    expect: { ...templated.expect, message: "{{content}}" },
  };
  return { name: added.name, added };
}

function hasLeaf(value: unknown, text: unknown): boolean {
  if (typeof value === "string") return value === text;
  if (Array.isArray(value)) return value.some((item) => hasLeaf(item, text));
  if (value !== null && typeof value === "object") return Object.values(value).some((item) => hasLeaf(item, text));
  return false;
}
