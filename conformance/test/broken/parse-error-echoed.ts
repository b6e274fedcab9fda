import { adapterError } from "../reference/types.ts";
import type { BrokenAdapter } from "../run-against.ts";

/** Answers a body that is not JSON with JSON.parse's own message, which quotes the text around the error. */
export const parseErrorEchoed: BrokenAdapter = {
  fault: "JSON.parse message echoed in an error",
  adapter: {
    overrides: {
      verify: (request) => {
        try {
          JSON.parse(request.rawBody);
          return undefined;
        } catch (error) {
          return adapterError(400, "invalid_request", `the body is not JSON: ${(error as Error).message}`);
        }
      },
    },
  },
  caughtBy: ["robustness.no-credentials-echoed"],
};
