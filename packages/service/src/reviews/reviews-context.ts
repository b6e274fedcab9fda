import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the review routes use; a test of them builds only this. */
export type ReviewsContext = Pick<GroundContext, "store" | "serviceKeys" | "now" | "reviews">;
