import type { ConformanceCheck } from "../../context.ts";
import { emptyText } from "./empty-text.ts";
import { fixtureSamples } from "./fixture-samples.ts";
import { markdownAnswersText } from "./markdown-answers-text.ts";
import { plainTextUnchanged } from "./plain-text-unchanged.ts";

/** The `/format` checks (apply to every channel app, D9a). */
export const formatChecks: ConformanceCheck[] = [markdownAnswersText, plainTextUnchanged, emptyText, fixtureSamples];
