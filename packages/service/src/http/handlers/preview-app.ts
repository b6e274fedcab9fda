import { previewApp } from "../../apps/preview-app.ts";
import { principalOf, type Route } from "../route.ts";

/** `POST /api/v1/apps/preview` (A1). */
export const previewAppRoute: Route<"preview-app"> = {
  auth: "api",
  async handler(input, context) {
    return { status: 200, body: await previewApp(context, principalOf(input), input.body.base_url) };
  },
};
