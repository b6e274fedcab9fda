import type { HealthResponse, Manifest } from "@adapterkit/contract";

/** The reference adapter's slug and mount path. */
export const REFERENCE_SLUG = "reference";

/** A correct channel-app manifest: generic-webhook style, with a skill whose tool the knowledge names. */
export const REFERENCE_MANIFEST: Manifest = {
  schema_version: "1.0",
  name: "Reference",
  slug: REFERENCE_SLUG,
  description: "A correct generic-webhook adapter the conformance runner is judged against.",
  category: "integration",
  version: "1.0.0",
  capabilities: ["send", "receive"],
  credentials: [
    {
      key: "reference_webhook",
      type: "text",
      label: "Reference webhook",
      fields: [{ name: "token", secret: true }, { name: "signing_secret", secret: true }, { name: "api_url" }],
    },
  ],
  skill: {
    name: "Reference lookup",
    description: "Looks things up on the reference platform.",
    knowledge: "Use reference_lookup to find a record on the reference platform by its id.",
    tool_names: ["reference_lookup"],
  },
  setup_instructions: ["Create a webhook on the platform and paste its signing secret."],
};

/** A correct health answer. */
export const REFERENCE_HEALTH: HealthResponse = { status: "ready", version: "ref-1.0.0", adapter: REFERENCE_SLUG };
