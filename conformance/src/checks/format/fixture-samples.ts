import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { formatSamples, formats, formatText } from "./format-text.ts";

/** Each of the fixtures' `format.samples` formats to exactly its expected text. */
export const fixtureSamples: ConformanceCheck = {
  id: "format.fixture-samples",
  group: "format",
  level: "required",
  rationale: "The author states the platform's convention for these texts; /format must produce it (D6).",
  appliesWhen: formats,
  async run(ctx) {
    const samples = formatSamples(ctx);
    if (samples.length === 0) return notApplicable("the fixtures give no format.samples");
    const failures: CheckFailure[] = [];
    for (const [index, sample] of samples.entries()) {
      const { call, result } = await formatText(ctx, sample.text);
      if (!result.ok) failures.push(callFailure(ctx, call, result, `format.samples[${index}]`));
      else if (result.value.text !== sample.expect) {
        failures.push(
          checkFailure(ctx, call, {
            message: `format.samples[${index}] formatted differently`,
            pointer: "/text",
            expected: show(sample.expect),
            actual: show(result.value.text),
          }),
        );
      }
    }
    return outcomeOf(failures, `${samples.length} sample(s)`);
  },
};
