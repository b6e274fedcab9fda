import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { deliverText, expectDelivered, sends } from "./deliver-text.ts";

/** What `/deliver` accepts reaches the (stand-in) platform, carrying the text. */
export const reachesPlatform: ConformanceCheck = {
  id: "deliver.reaches-platform",
  group: "deliver",
  level: "required",
  rationale:
    "/deliver sends the message outbound; an accepted delivery that never reaches the platform is lost (contract.md#deliver).",
  appliesWhen: sends,
  async run(ctx) {
    const nonce = ctx.nonce();
    const delivered = await expectDelivered(
      ctx,
      await deliverText(ctx, { text: `adapterkit deliver ${nonce}` }),
      nonce,
    );
    if (!delivered.ok) return failed([delivered.failure]);
    const { delivery } = delivered;
    return passed(`captured ${delivery.protocol === "smtp" ? "a mail" : `${delivery.method} ${delivery.path}`}`);
  },
};
