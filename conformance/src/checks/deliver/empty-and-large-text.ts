import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { failed, outcomeOf } from "../../outcome.ts";
import { callFailure } from "../parse-inbound/call-failure.ts";
import { deliverText, sends } from "./deliver-text.ts";

/** 64 KiB: over most platforms' message limit, well under the adapters' 1 MiB body limit. */
const LARGE_LENGTH = 64 * 1024;

/**
 * An empty text and a 64 KiB one are valid requests (text is any string): each is delivered (split, cut) or
 * refused with `{ ok: false }` or a 4xx naming the field, never answered with a 5xx or left without an answer.
 */
export const emptyAndLargeText: ConformanceCheck = {
  id: "deliver.empty-and-large-text",
  group: "deliver",
  level: "required",
  rationale:
    "message.text is any string: an empty or a 64 KiB text is delivered or refused ({ ok: false } or a 4xx), never a 5xx (D5; STYLE 9).",
  appliesWhen: sends,
  async run(ctx) {
    const failures: CheckFailure[] = [];
    const large = `adapterkit large ${ctx.nonce()} `.padEnd(LARGE_LENGTH, "lorem ipsum ");
    for (const [what, text] of [
      ["an empty text", ""],
      [`a ${LARGE_LENGTH}-character text`, large],
    ] as const) {
      const delivered = await deliverText(ctx, { text });
      if (!("result" in delivered)) return failed([delivered]);
      const { call, result } = delivered;
      if (result.ok) continue;
      const { error } = result;
      if (error.kind === "http_status" && error.status >= 400 && error.status < 500) continue;
      failures.push(callFailure(ctx, call, result, `${what} must be delivered or refused, not`));
    }
    return outcomeOf(failures);
  },
};
