import type { ClientResult } from "@adapterkit/client";
import type { ConformanceContext } from "../../context.ts";
import type { Aim } from "./aim-field.ts";
import type { GuardTrap } from "./guard-trap.ts";
import type { NetworkField } from "./network-fields.ts";

/** One way to aim a tenant-supplied address at the runner's trap, and whether the answer itself must be a refusal. */
export interface GuardProbe {
  /** What the probe aims with, as the reason and a failure name it. */
  readonly name: string;
  readonly aim: Aim;
  /** False when only the connection counts: a redirect's first hop is the allowed stand-in, answered as it likes. */
  readonly mustRefuse: boolean;
}

/** Where the stand-in platform redirects from, under a per-run name so a redirect never meets a fixture route. */
export const REDIRECT_PREFIX = "/adapterkit-conformance-redirect";

/** Where the stand-in platform drops connections unanswered, likewise. */
export const DROP_PREFIX = "/adapterkit-conformance-dropped";

/**
 * The probes of one network field: the trap's address literal, `localhost`, a `*.localhost` name (loopback by RFC
 * 6761, which a guard must know without asking DNS), and for a URL field a redirect from the runner's stand-in
 * platform, which the adapter is allowed to reach, to the trap.
 */
export function guardProbes(
  ctx: Pick<ConformanceContext, "platform" | "nonce">,
  field: NetworkField,
  trap: GuardTrap,
): GuardProbe[] {
  const port = trap.port;
  const probes: GuardProbe[] = [
    { name: `the loopback address ${trap.host}`, aim: { host: trap.literal, port }, mustRefuse: true },
    { name: "the name localhost", aim: { host: "localhost", port }, mustRefuse: true },
    { name: `the name ${ctx.nonce()}.localhost`, aim: { host: `${ctx.nonce()}.localhost`, port }, mustRefuse: true },
  ];
  if (field.kind === "url") {
    const url = `${ctx.platform.url}${REDIRECT_PREFIX}-${ctx.nonce()}/`;
    probes.push({ name: `a 307 from the stand-in platform to ${trap.host}`, aim: { url }, mustRefuse: false });
  }
  return probes;
}

/**
 * What an answer says, with every probed host and port replaced by a placeholder, so a refused address and a closed
 * port compare by their words alone.
 */
export function refusalWords(result: ClientResult<unknown>, spellings: readonly string[]): unknown {
  const blank = (text: string) =>
    spellings.reduce((current, spelling) => current.split(spelling).join("<address>"), text);
  if (result.ok) return JSON.parse(blank(JSON.stringify(result.value)));
  const { error } = result;
  if (error.kind === "http_status") {
    return { status: error.status, code: error.body?.code ?? null, error: blank(String(error.body?.error ?? "")) };
  }
  return { failure: error.kind };
}
