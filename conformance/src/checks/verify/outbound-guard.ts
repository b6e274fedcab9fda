import { isDeepStrictEqual } from "node:util";
import { closedPort } from "@adapterkit/sdk/testing";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { describeCallFailure } from "../shared/describe-call-failure.ts";
import { show } from "../shared/labels.ts";
import { aimField } from "./aim-field.ts";
import { verifyApplies } from "./applies.ts";
import { DROP_PREFIX, type GuardProbe, guardProbes, REDIRECT_PREFIX, refusalWords } from "./guard-probes.ts";
import { type GuardTrap, startGuardTrap } from "./guard-trap.ts";
import { type NetworkField, networkFieldsOf } from "./network-fields.ts";

/**
 * Each credential field naming a URL or a host, aimed at a loopback listener of the runner's own by literal, by
 * `localhost`, by a `*.localhost` name and through a redirect from the stand-in platform, must be refused without a
 * connection reaching the listener; and the refusal must read as a closed port's does (architecture.md#a18).
 */
export const verifyOutboundGuard: ConformanceCheck = {
  id: "verify.outbound-guard",
  group: "verify",
  level: "required",
  rationale:
    "architecture.md#a18: an adapter connects to tenant-supplied URLs and hosts only through a guard that refuses loopback " +
    "and private addresses after resolving names and follows no redirect, so /verify with a credential aimed at this " +
    "machine answers ok: false without connecting, in the words a closed port gets.",
  appliesWhen: (manifest, ctx) => {
    const applies = verifyApplies(manifest, ctx);
    if (applies !== true) return applies;
    if (networkFieldsOf(manifest).length === 0) {
      return "no credential field names a URL or a host (a field named *url, *uri, *endpoint, *host or *server)";
    }
    return true;
  },
  run: async (ctx) => {
    const trap = await startGuardTrap();
    try {
      const failures: CheckFailure[] = [];
      const found: string[] = [];
      for (const field of networkFieldsOf(ctx.manifest)) {
        const probes = guardProbes(ctx, field, trap);
        for (const probe of probes) {
          const failure = await probeVerify(ctx, field, probe, trap);
          if (failure !== undefined) failures.push(failure);
        }
        found.push(`credentials.${field.name}: ${probes.length} probe(s) (${probes.map((p) => p.name).join(", ")})`);
        const wording = await compareWithClosedPort(ctx, field, trap);
        if (typeof wording === "string") found.push(wording);
        else failures.push(wording);
      }
      return outcomeOf(failures, found.join("; "));
    } finally {
      await trap.close();
    }
  },
};

function withAim(ctx: ConformanceContext, field: NetworkField, probe: Pick<GuardProbe, "aim">) {
  const good = ctx.render(ctx.fixtures.credentials.good) as Record<string, unknown>;
  return { credentials: { ...good, ...aimField(field, probe.aim) } };
}

async function probeVerify(
  ctx: ConformanceContext,
  field: NetworkField,
  probe: GuardProbe,
  trap: GuardTrap,
): Promise<CheckFailure | undefined> {
  const body = withAim(ctx, field, probe);
  const before = trap.connections();
  const undo = "url" in probe.aim ? ctx.platform.redirectUnder(redirectPathOf(probe.aim.url), trapUrl(trap)) : noop;
  const result = await ctx.client.verify(body).finally(undo);
  const connected = trap.connections() > before;
  if (!connected && (!probe.mustRefuse || (result.ok && !result.value.ok))) return undefined;
  return ctx.failure({
    endpoint: "POST /verify",
    message: connected
      ? `the adapter connected to ${trap.host} when credentials.${field.name} named ${probe.name}; connect through a guard that judges every address after resolution and follows no redirect (the SDK's context.outbound)`
      : result.ok
        ? `credentials.${field.name} aimed at ${probe.name} verified as good`
        : `credentials.${field.name} aimed at ${probe.name} must answer 200 { ok: false }: ${describeCallFailure(ctx, result.error)}`,
    pointer: `/credentials/${field.name}`,
    expected: '200 { "ok": false } and no connection to this machine',
    actual: `${result.ok ? show(result.value) : result.error.kind}; ${trap.connections() - before} connection(s)`,
    request: { body },
  });
}

/**
 * The refusal of the trap's address against the answers for addresses the adapter may try that fail: a closed port
 * of 127.0.0.1 (allowed where 127.0.0.1 is, as `npm start` allows it) and, for a URL field, the stand-in platform
 * dropping the connection unanswered (allowed wherever the stand-in is). Words that differ tell a tenant which
 * addresses are private: a network map.
 */
async function compareWithClosedPort(
  ctx: ConformanceContext,
  field: NetworkField,
  trap: GuardTrap,
): Promise<string | CheckFailure> {
  const port = await closedPort();
  const standIn = new URL(ctx.platform.url);
  const dropPath = `${DROP_PREFIX}-${ctx.nonce()}`;
  const spellings = [trap.literal, trap.host, String(trap.port), standIn.host, "127.0.0.1", String(port), dropPath];
  const refusedBody = withAim(ctx, field, { aim: { host: trap.literal, port: trap.port } });
  const refused = refusalWords(await ctx.client.verify(refusedBody), spellings);
  const failing: { name: string; body: ReturnType<typeof withAim>; drop?: string }[] = [
    { name: "a closed port of 127.0.0.1", body: withAim(ctx, field, { aim: { host: "127.0.0.1", port } }) },
  ];
  if (field.kind === "url") {
    const url = `${ctx.platform.url}${dropPath}/`;
    failing.push({ name: "a dropped connection", body: withAim(ctx, field, { aim: { url } }), drop: dropPath });
  }
  for (const { name, body, drop } of failing) {
    const undo = drop === undefined ? noop : ctx.platform.dropUnder(drop);
    const words = refusalWords(await ctx.client.verify(body).finally(undo), spellings);
    if (isDeepStrictEqual(refused, words)) continue;
    return ctx.failure({
      endpoint: "POST /verify",
      message: `credentials.${field.name}: the refusal of ${trap.host} reads otherwise than ${name}, so a tenant can map which addresses are private; answer one sentence for every failed or refused connection`,
      pointer: `/credentials/${field.name}`,
      expected: show(words),
      actual: show(refused),
      request: { body: refusedBody },
    });
  }
  return `the refused address read as ${failing.map(({ name }) => name).join(" and ")} (${show(refused)})`;
}

function redirectPathOf(url: string): string {
  return new URL(url).pathname.replace(/\/$/, "");
}

function trapUrl(trap: GuardTrap): string {
  return `http://${trap.literal}:${trap.port}${REDIRECT_PREFIX}-trap/`;
}

function noop(): void {}
