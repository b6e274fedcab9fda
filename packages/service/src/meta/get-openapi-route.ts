import { buildServiceApiOpenApi } from "@adapterkit/contract";
import type { Route } from "../http/route.ts";
import type { MetaContext } from "./meta-context.ts";

let document: ReturnType<typeof buildServiceApiOpenApi> | undefined;

/** `GET /api/v1/openapi.json`: the API's OpenAPI document, built once from the contract's endpoint table. */
export const getOpenApiRoute: Route<"get-openapi", MetaContext> = {
  auth: "none",
  async handler() {
    document ??= buildServiceApiOpenApi();
    return { status: 200, body: document };
  },
};
