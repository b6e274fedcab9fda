import { genericHmacPreset } from "./generic-hmac.ts";
import { githubPreset } from "./github.ts";
import { PRESET_NAMES, type Preset, type PresetName } from "./preset.ts";
import { shopifyPreset } from "./shopify.ts";
import { standardWebhooksPreset } from "./standard-webhooks.ts";
import { stripePreset } from "./stripe.ts";

const PRESETS: Readonly<Record<PresetName, Preset>> = {
  "standard-webhooks": standardWebhooksPreset,
  github: githubPreset,
  stripe: stripePreset,
  shopify: shopifyPreset,
  "generic-hmac": genericHmacPreset,
};

/** The preset a credential names (blank is the default), or an error naming the field and the choices. */
export function presetOf(name: string | undefined): { ok: true; preset: Preset } | { ok: false; error: string } {
  const wanted = name?.trim() || "standard-webhooks";
  if ((PRESET_NAMES as readonly string[]).includes(wanted)) return { ok: true, preset: PRESETS[wanted as PresetName] };
  return { ok: false, error: `preset must be one of ${PRESET_NAMES.join(", ")}` };
}
