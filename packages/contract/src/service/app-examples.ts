import type { AppJson, AppPreview, AppSigningSecret, AppVerificationJson } from "./app.ts";
import type { CredentialSummary, InstallationJson } from "./installation.ts";

const MANIFEST = { schema_version: "1.0" as const, name: "Chat", slug: "chat", capabilities: ["send" as const] };
const SHA = "9f2c1a7e4b3d5c6a8e0f1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6a";

/** An example preview. */
export const EXAMPLE_APP_PREVIEW: AppPreview = {
  base_url: "http://localhost:3100/chat",
  slug: "chat",
  manifest: MANIFEST,
  manifest_sha256: SHA,
  health: { status: "ready", version: "unknown", adapter: "chat" },
  problems: [],
  slug_taken: false,
};

/** An example App. */
export const EXAMPLE_APP: AppJson = {
  slug: "chat",
  name: "Chat",
  base_url: "http://localhost:3100/chat",
  state: "draft",
  organization_id: 1,
  version: 1,
  latest_version: 1,
  published_version: null,
  manifest: MANIFEST,
  manifest_sha256: SHA,
  review_report: null,
  health: { status: "ready", version: "unknown", checked_at: "2025-01-01T09:00:00.000Z" },
  calls: [{ endpoint: "verify", ok: 3, failed: 0, timed_out: 0, mean_ms: 12.5, max_ms: 20 }],
  created_at: "2025-01-01T09:00:00.000Z",
  updated_at: "2025-01-01T09:00:00.000Z",
};

/** An example answer of the App's Verify. */
export const EXAMPLE_APP_VERIFICATION: AppVerificationJson = { verified: true, user: "U0123456 (acme-bot)" };

/** An example signing secret. */
export const EXAMPLE_APP_SIGNING_SECRET: AppSigningSecret = {
  slug: "chat",
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2y8GcxNTZ0Q=",
  created_at: "2025-01-01T09:00:00.000Z",
  previous_secret_expires_at: null,
};

/** An example installation. */
export const EXAMPLE_INSTALLATION: InstallationJson = {
  id: "inst_3q2-7wEXAMPLEexample0a",
  app: "chat",
  app_version: 1,
  organization_id: 1,
  project_id: 2,
  state: "active",
  front_desk: false,
  verified_user: "demo-bot",
  inbound_url: "http://localhost:3000/api/v1/apps/inst_3q2-7wEXAMPLEexample0a/inbound",
  credential_keys: ["chat_bot_token"],
  needs_reauth: [],
  previous_version: null,
  action_needed: null,
  created_at: "2025-01-01T09:00:00.000Z",
  updated_at: "2025-01-01T09:00:00.000Z",
  uninstalled_at: null,
};

/** An example credential summary. */
export const EXAMPLE_CREDENTIAL: CredentialSummary = {
  key: "chat_bot_token",
  publisher_id: 1,
  project_id: 2,
  type: "api_key",
  fields: ["token"],
  status: "active",
  expires_at: null,
  updated_at: "2025-01-01T09:00:00.000Z",
};
