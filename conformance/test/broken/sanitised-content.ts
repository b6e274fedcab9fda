import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer, isMessage } from "./behaviour-helpers.ts";

/**
 * "Cleans" message text (strips HTML tags and zero-width characters), which contract.md#raw-content leaves to the
 * service.
 */
export const sanitisedContent: BrokenAdapter = {
  fault: "sanitised content (strips HTML and zero-width characters)",
  adapter: {
    overrides: {
      "parse-inbound": (_request, reference) =>
        editAnswer(reference, (body) =>
          isMessage(body)
            ? {
                ...body,
                message: String(body.message)
                  .replace(/<[^>]*>/g, "")
                  .replace(/[\u200b-\u200d\ufeff]/g, ""),
              }
            : body,
        ),
    },
  },
  caughtBy: ["parse-inbound.content-byte-exact"],
};
