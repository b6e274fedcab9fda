import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the Skill routes use; a test of them builds only this. */
export type SkillsContext = Pick<GroundContext, "store" | "now">;
