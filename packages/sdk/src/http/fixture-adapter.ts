import { defineAdapter } from "../define/define-adapter.ts";
import type { AllHandlers } from "../define/handler-types.ts";
import { defineManifest } from "../define/manifest-input.ts";

/** Test fixture: a channel app with sources whose every handler works, so tests can swap one at a time. */
export const FIXTURE_MANIFEST = defineManifest({
  schema_version: "1.0",
  name: "Fixture Chat",
  slug: "fixture",
  capabilities: ["send", "receive"],
  credentials: [{ key: "fixture", type: "api_key", maps_to: "token" }],
});

type FixtureHandlers = AllHandlers<typeof FIXTURE_MANIFEST>;

/** Handlers that answer valid shapes; `parseInbound` echoes the envelope body as the message. */
export const FIXTURE_HANDLERS: FixtureHandlers = {
  verify: ({ credentials }) =>
    credentials.token === "good" ? { ok: true, user: "bot@fixture" } : { ok: false, error: "token rejected" },
  verifyWebhook: () => ({ ok: true }),
  parseInbound: ({ body }) => ({ event_type: "message.received", sender: "U1", message: body, is_bot: false }),
  deliver: ({ message }) => ({ ok: true, message_id: `m-${message.text.length}` }),
  format: ({ text }) => ({ text: text.toUpperCase() }),
  sources: {
    listChanges: ({ cursor }) => ({
      changes: [{ path: "/a.md", fingerprint: "e1", status: "added" }],
      cursor: `${cursor ?? ""}1`,
    }),
    fetchFile: ({ file_path }) => ({ bytes: new TextEncoder().encode(`# ${file_path}`), contentType: "text/markdown" }),
  },
};

/** The fixture adapter with some handlers replaced. */
export function fixtureAdapter(overrides: Partial<FixtureHandlers> = {}) {
  return defineAdapter({ manifest: FIXTURE_MANIFEST, ...FIXTURE_HANDLERS, ...overrides });
}

/** Valid credentials for the fixture. */
export const GOOD_CREDENTIALS = { token: "good" } as const;
