import type { ServiceHealth } from "@adapterkit/contract";
import type { Route } from "../http/route.ts";
import type { MetaContext } from "./meta-context.ts";

/** `GET /healthz`: the process answers HTTP. */
export const healthzRoute: Route<"healthz", MetaContext> = {
  auth: "none",
  async handler() {
    const body: ServiceHealth = { status: "ok" };
    return { status: 200, body };
  },
};
