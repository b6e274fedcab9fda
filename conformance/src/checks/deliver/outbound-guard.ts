import type { DeliverRequest } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import { show } from "../shared/labels.ts";
import { aimField } from "../verify/aim-field.ts";
import { type GuardProbe, guardProbes, REDIRECT_PREFIX } from "../verify/guard-probes.ts";
import { type GuardTrap, startGuardTrap } from "../verify/guard-trap.ts";
import { type NetworkField, networkFieldsOf } from "../verify/network-fields.ts";
import { sends } from "./deliver-text.ts";

/** The channel address as a field of its own: a URL when the fixtures' address is one. */
const CHANNEL: NetworkField = { name: "channel_address", kind: "url" };

/**
 * Every tenant-supplied address `/deliver` connects to (each credential field naming a URL or a host, and the channel
 * address where it is a URL), aimed at the runner's trap as `verify.outbound-guard` aims them, is refused without a
 * connection: a guard on `/verify` alone leaves delivery open (architecture.md#a18). Only connections count: an
 * adapter need not use a credential's address to deliver.
 */
export const deliverOutboundGuard: ConformanceCheck = {
  id: "deliver.outbound-guard",
  group: "deliver",
  level: "required",
  rationale:
    "architecture.md#a18: /deliver connects to tenant-supplied addresses (credential URLs and hosts, a URL channel " +
    "address) through the same guard as /verify, so aimed at this machine it connects nowhere.",
  appliesWhen: (manifest, ctx) => {
    const applies = sends(manifest);
    if (applies !== true) return applies;
    if (ctx.fixtures.channel_address === undefined) return "the fixtures give no channel_address";
    if (networkFieldsOf(manifest).length === 0 && !isUrl(ctx.render(ctx.fixtures.channel_address))) {
      return "neither a credential field nor the channel address names a URL or a host";
    }
    return true;
  },
  run: async (ctx) => {
    const address = ctx.render(ctx.fixtures.channel_address ?? "");
    const fields = [...networkFieldsOf(ctx.manifest), ...(isUrl(address) ? [CHANNEL] : [])];
    const trap = await startGuardTrap();
    try {
      const failures: CheckFailure[] = [];
      let probed = 0;
      for (const field of fields) {
        for (const probe of guardProbes(ctx, field, trap)) {
          const failure = await probeDeliver(ctx, { field, probe, trap, address });
          if (failure !== undefined) failures.push(failure);
          probed += 1;
        }
      }
      const names = fields.map((field) => (field === CHANNEL ? "channel_address" : `credentials.${field.name}`));
      return outcomeOf(failures, `${probed} probe(s) in ${names.join(", ")}: no connection reached the trap`);
    } finally {
      await trap.close();
    }
  },
};

function isUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

async function probeDeliver(
  ctx: ConformanceContext,
  aimed: { field: NetworkField; probe: GuardProbe; trap: GuardTrap; address: string },
): Promise<CheckFailure | undefined> {
  const { field, probe, trap, address } = aimed;
  const values = aimField(field, probe.aim);
  const body: DeliverRequest = {
    credentials: field === CHANNEL ? { ...goodCredentials(ctx) } : { ...goodCredentials(ctx), ...values },
    channel_address: field === CHANNEL ? (values.channel_address ?? address) : address,
    message: { text: `adapterkit outbound guard ${ctx.nonce()}` },
  };
  const where = field === CHANNEL ? "channel_address" : `credentials.${field.name}`;
  const before = trap.connections();
  const trapUrl = `http://${trap.literal}:${trap.port}${REDIRECT_PREFIX}-trap/`;
  const undo =
    "url" in probe.aim
      ? ctx.platform.redirectUnder(new URL(probe.aim.url).pathname.replace(/\/$/, ""), trapUrl)
      : () => {};
  const result = await ctx.client.deliver(body).finally(undo);
  const connected = trap.connections() > before;
  // Only the connection counts: /deliver may not use a credential's address at all, and then delivers as usual.
  if (!connected) return undefined;
  return ctx.failure({
    endpoint: "POST /deliver",
    message: `the adapter connected to ${trap.host} when ${where} named ${probe.name}; connect through a guard that judges every address after resolution and follows no redirect (the SDK's context.outbound)`,
    pointer: field === CHANNEL ? "/channel_address" : `/credentials/${field.name}`,
    expected: "no connection to this machine",
    actual: `${result.ok ? show(result.value) : result.error.kind}; ${trap.connections() - before} connection(s)`,
    request: { body },
  });
}
