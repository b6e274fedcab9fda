import type { ServiceContext } from "../service-context.ts";

/** The part of the service the review routes use; a test of them builds only this. */
export type ReviewsContext = Pick<ServiceContext, "store" | "serviceKeys" | "now" | "reviews">;
