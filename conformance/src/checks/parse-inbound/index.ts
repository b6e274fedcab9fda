import type { ConformanceCheck } from "../../context.ts";
import { contentByteExact } from "./content-byte-exact.ts";
import { dedupKeyDistinct } from "./dedup-key-distinct.ts";
import { dedupKeyFromIdentity } from "./dedup-key-from-identity.ts";
// from "./dedup-key-distinct.ts";
import { dedupKeyStableOnRetry } from "./dedup-key-stable-on-retry.ts";
import { frontDeskMode } from "./front-desk-mode.ts";
import { handshakeAnswered } from "./handshake-answered.ts";
import { ignoresNonMessages } from "./ignores-non-messages.ts";
import { messageSamples } from "./message-samples.ts";
import { nonObjectBodies } from "./non-object-bodies.ts";

/** The `/parse-inbound` checks (apply when the manifest declares `receive`). */
export const parseInboundChecks: ConformanceCheck[] = [
  messageSamples,
  frontDeskMode,
  handshakeAnswered,
  ignoresNonMessages,
  dedupKeyStableOnRetry,
  dedupKeyDistinct,
  contentByteExact,
  nonObjectBodies,
  dedupKeyFromIdentity,
];
