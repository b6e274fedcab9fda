import type { BrokenAdapter } from "../run-against.ts";

/** Knows only trigger mode and refuses the front-desk mode the service uses for conversations. */
export const frontDeskModeRefused: BrokenAdapter = {
  fault: "front-desk mode refused",
  adapter: {
    overrides: {
      "parse-inbound": (request) =>
        (request.json as { mode?: unknown } | undefined)?.mode === "front_desk"
          ? {
              status: 400,
              body: {
                ok: false,
                error: "unsupported mode",
                code: "invalid_request",
                issues: [{ path: "/mode", message: "expected trigger" }],
              },
            }
          : undefined,
    },
  },
  caughtBy: ["parse-inbound.front-desk-mode", "feedback-loop.front-desk-echo"],
};
