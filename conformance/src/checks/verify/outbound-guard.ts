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
 * `/verify` answers `ok: false` and no connection reaches the listener (DESIGN A18).
 */
export const verifyOutboundGuard: ConformanceCheck = {
  id: "verify.outbound-guard",
  group: "verify",
  level: "required",
  rationale:
    "DESIGN A18: an adapter connects to tenant-supplied URLs and hosts only through a guard that refuses loopback " +
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
      const failures: CheckFailure[] = [];
      for (const field of networkFieldsOf(ctx.manifest)) {
        const failure = await probe(ctx, field, trap);
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

async function probe(
  ctx: ConformanceContext,
  field: NetworkField,
  trap: { port: number; url: string; connections(): number },
): Promise<CheckFailure | undefined> {
  const good = ctx.render(ctx.fixtures.credentials.good) as Record<string, unknown>;
  const aimed =
    field.kind === "url"
      ? { [field.name]: `${trap.url}/conformance/` }
      : field.portField === undefined
        ? { [field.name]: `127.0.0.1:${trap.port}` }
        : { [field.name]: "127.0.0.1", [field.portField]: String(trap.port) };
  const body = { credentials: { ...good, ...aimed } };
  const before = trap.connections();
  const result = await ctx.client.verify(body);
  const connected = trap.connections() > before;
  if (result.ok && !result.value.ok && !connected) return undefined;
  return ctx.failure({
    endpoint: "POST /verify",
    message: connected
      ? `the adapter connected to 127.0.0.1 named in credentials.${field.name}; connect through the SDK's outbound guard`
      : result.ok
        ? `credentials.${field.name} aimed at 127.0.0.1 verified as good`
        : `must answer 200 { ok: false }: ${describeCallFailure(ctx, result.error)}`,
    pointer: `/credentials/${field.name}`,
    expected: '200 { "ok": false } and no connection to the loopback address',
    actual: `${result.ok ? show(result.value) : result.error.kind}; ${trap.connections() - before} connection(s)`,
    request: { body },
  });
}
