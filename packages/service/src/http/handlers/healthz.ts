import type { ServiceHealth } from "@adapterkit/contract";
import type { Route } from "../route.ts";

/** `GET /healthz`: the process answers HTTP. */
export const healthzRoute: Route<"healthz"> = {
  auth: "none",
  async handler() {
    const body: ServiceHealth = { status: "ok" };
    return { status: 200, body };
  },
};
