import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ImpactValue } from "axe-core";
import type { Page } from "playwright-core";

/**
 * axe-core's browser build, evaluated through the DevTools protocol rather than added as a script tag: the portal's
 * Content-Security-Policy (rightly) refuses an inline script it did not issue, and the test must not loosen it.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The impacts that fail a page (D253); minor and moderate findings are left to review. */
const FAILING_IMPACTS: readonly ImpactValue[] = ["serious", "critical"];

/** One axe-core rule a page breaks, with the nodes that break it. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: ImpactValue;
  readonly help: string;
  readonly targets: readonly string[];
}

interface AxeGlobal {
  axe: { run(options: object): Promise<AxeResults> };
}

/** Runs axe-core on the page as it stands and returns its serious and critical violations. */
export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (globalThis as unknown as AxeGlobal).axe.run({ resultTypes: ["violations"] }),
  );
  return results.violations
    .filter((violation) => violation.impact != null && FAILING_IMPACTS.includes(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact as ImpactValue,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** One line per violation: rule id, impact, what it asks and the nodes, for a failing test's message. */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.targets.join(", ")}`)
    .join("\n");
}
