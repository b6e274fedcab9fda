import { principalOf, type Route } from "../http/route.ts";
import type { AppsContext } from "./apps-context.ts";
import { previewApp } from "./preview-app.ts";

/** `POST /api/v1/apps/preview` (A1). */
export const previewAppRoute: Route<"preview-app", AppsContext> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await previewApp(context, principalOf(input), input.body.base_url) };
  },
};
