import { connect } from "node:net";
import { listenTrap } from "@adapterkit/sdk/testing";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { describeCallFailure } from "../shared/describe-call-failure.ts";
import { show } from "../shared/labels.ts";
import { verifyApplies } from "./applies.ts";
import { type NetworkField, networkFieldsOf } from "./network-fields.ts";

/**
 * A credential field naming a URL or a host, pointed at a loopback listener of the runner's own, must be refused:
 * `/verify` answers `ok: false` and no connection reaches the listener (architecture.md#a18).
 */
export const verifyOutboundGuard: ConformanceCheck = {
  id: "verify.outbound-guard",
  group: "verify",
  level: "required",
  rationale:
    "architecture.md#a18: an adapter connects to tenant-supplied URLs and hosts only through a guard that refuses loopback " +
    "and private addresses, so /verify with a credential aimed at 127.0.0.1 answers ok: false without connecting.",
  appliesWhen: (manifest, ctx) => {
    const applies = verifyApplies(manifest, ctx);
    if (applies !== true) return applies;
    if (networkFieldsOf(manifest).length === 0) {
      return "no credential field names a URL or a host (a field named *url, *uri, *endpoint, *host or *server)";
    }
    return true;
  },
  run: async (ctx) => {
    const trap = await listenTrap();
    try {
      const host = (await reachable(MAPPED_LOOPBACK, trap.port)) ? MAPPED_LOOPBACK : "127.0.0.1";
      const failures: CheckFailure[] = [];
      for (const field of networkFieldsOf(ctx.manifest)) {
        const failure = await probe(ctx, field, { host, port: trap.port, connections: trap.connections });
        if (failure !== undefined) failures.push(failure);
      }
      return outcomeOf(
        failures,
        `/verify refused a loopback address in ${networkFieldsOf(ctx.manifest).length} field(s)`,
      );
    } finally {
      await trap.close();
    }
  },
};

// The listener is on 127.0.0.1, aimed at in its IPv4-mapped IPv6 spelling: loopback to any guard that judges the
// address after resolution, yet not matched by an allowance of `127.0.0.1` that lets an adapter under test reach its
// own local stand-ins (D342). Where the system cannot connect to the mapped form, the plain address is used.
const MAPPED_LOOPBACK = "::ffff:127.0.0.1";

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => resolve(true)).once("error", () => resolve(false));
    socket.setTimeout(1_000, () => socket.destroy(new Error("timed out")));
    socket.once("close", () => resolve(false));
    socket.once("connect", () => socket.destroy());
  });
}

async function probe(
  ctx: ConformanceContext,
  field: NetworkField,
  trap: { host: string; port: number; connections(): number },
): Promise<CheckFailure | undefined> {
  const good = ctx.render(ctx.fixtures.credentials.good) as Record<string, unknown>;
  const literal = trap.host.includes(":") ? `[${trap.host}]` : trap.host;
  const aimed =
    field.kind === "url"
      ? { [field.name]: `http://${literal}:${trap.port}/conformance/` }
      : field.portField === undefined
        ? { [field.name]: `${literal}:${trap.port}` }
        : { [field.name]: trap.host, [field.portField]: String(trap.port) };
  const body = { credentials: { ...good, ...aimed } };
  const before = trap.connections();
  const result = await ctx.client.verify(body);
  const connected = trap.connections() > before;
  if (result.ok && !result.value.ok && !connected) return undefined;
  return ctx.failure({
    endpoint: "POST /verify",
    message: connected
      ? `the adapter connected to the loopback address ${trap.host} in credentials.${field.name}; connect through a guard (the SDK's context.outbound)`
      : result.ok
        ? `credentials.${field.name} aimed at the loopback address ${trap.host} verified as good`
        : `must answer 200 { ok: false }: ${describeCallFailure(ctx, result.error)}`,
    pointer: `/credentials/${field.name}`,
    expected: '200 { "ok": false } and no connection to the loopback address',
    actual: `${result.ok ? show(result.value) : result.error.kind}; ${trap.connections() - before} connection(s)`,
    request: { body },
  });
}
