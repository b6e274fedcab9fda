import type { ConformanceCheck } from "../../context.ts";
import { judgeSamples } from "./judge-samples.ts";
import { receives } from "./receives.ts";

/** A platform handshake is answered with `challenge_response` and routes nothing. */
export const handshakeAnswered: ConformanceCheck = {
  id: "parse-inbound.handshake-answered",
  group: "parse-inbound",
  level: "required",
  rationale: "A platform handshake answers { challenge_response } (contract.md#parse-inbound, D4, D35).",
  appliesWhen: receives,
  run: (ctx) => judgeSamples(ctx, "handshake"),
};
