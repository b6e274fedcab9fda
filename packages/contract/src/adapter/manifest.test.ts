import { describe, expect, it } from "vitest";
import { jsonSchemaAccepts } from "../../test/json-schema-verdict.ts";
import { declaresEndpoint, isChannelApp, manifestSchema, slugOf } from "./manifest.ts";

const FULL = {
  schema_version: "1.0",
  name: "Team Chat",
  slug: "chat",
  description: "Chat channel",
  icon: "comments",
  category: "communication",
  version: "1.2.0",
  capabilities: ["send", "receive"],
  credentials: [
    { key: "chat_bot", type: "api_key", label: "Bot token", maps_to: "token" },
    { key: "chat_oauth", type: "oauth2" },
    { key: "mail_server", type: "text", fields: [{ name: "host" }, { name: "port" }] },
  ],
  oauth_config: {
    authorize_url: "https://chat.example/oauth/authorize",
    token_url: "https://chat.example/oauth/token",
    scopes: ["chat:write", "channels:history"],
    scope_separator: ",",
    extra_authorize_params: { prompt: "consent" },
  },
  receive_config: { events: ["message"] },
  skill: { name: "Chat", description: "Post to chat", knowledge: "Use send_chat to post.", tool_names: ["send_chat"] },
  setup_instructions: ["Create a bot", "Paste its token"],
  author: { name: "adapterkit", url: "https://adapterkit.dev" },
  homepage: "https://adapterkit.dev/chat",
  logo_url: "https://adapterkit.dev/chat.png",
};

/** A copy of FULL with one path replaced (or removed when value is undefined). */
function withField(path: string[], value: unknown): unknown {
  const copy = structuredClone(FULL) as Record<string, unknown>;
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** [label, path to replace, value (undefined removes it), the field zod names] */
const INVALID: [string, string[], unknown, string][] = [
  ["missing schema_version", ["schema_version"], undefined, "schema_version"],
  ["schema_version 2.0", ["schema_version"], "2.0", "schema_version"],
  ["missing name", ["name"], undefined, "name"],
  ["name of the wrong type", ["name"], 42, "name"],
  ["category chat", ["category"], "chat", "category"],
  ["capabilities listen", ["capabilities"], ["listen"], "capabilities.0"],
  ["empty capabilities", ["capabilities"], [], "capabilities"],
  ["repeated capabilities", ["capabilities"], ["send", "send"], "capabilities"],
  ["capabilities as a string", ["capabilities"], "send", "capabilities"],
  ["credential type password", ["credentials", "0", "type"], "password", "credentials.0.type"],
  ["credential without key", ["credentials", "0", "key"], undefined, "credentials.0.key"],
  ["repeated credential keys", ["credentials", "1", "key"], "chat_bot", "credentials"],
  ["oauth_config authorize_url not a URL", ["oauth_config", "authorize_url"], "nope", "oauth_config.authorize_url"],
  ["oauth_config scopes not an array", ["oauth_config", "scopes"], "a b", "oauth_config.scopes"],
  [
    "extra_authorize_params with a number",
    ["oauth_config", "extra_authorize_params"],
    { a: 1 },
    "oauth_config.extra_authorize_params.a",
  ],
  ["skill without tool_names", ["skill", "tool_names"], undefined, "skill.tool_names"],
  ["setup_instructions as a string", ["setup_instructions"], "do it", "setup_instructions"],
  ["author without name", ["author", "name"], undefined, "author.name"],
  ["homepage not a URL", ["homepage"], "adapterkit", "homepage"],
  ["logo_url not a URL", ["logo_url"], 7, "logo_url"],
  ["a javascript: homepage", ["homepage"], "javascript:alert(document.cookie)", "homepage"],
  ["a JavaScript: logo_url", ["logo_url"], "JavaScript://x%0Aalert(1)", "logo_url"],
  ["a data: logo_url", ["logo_url"], "data:text/html,<script>alert(1)</script>", "logo_url"],
  ["a javascript: author url", ["author", "url"], "javascript:alert(1)", "author.url"],
  [
    "a javascript: authorize_url",
    ["oauth_config", "authorize_url"],
    "javascript:alert(1)",
    "oauth_config.authorize_url",
  ],
  ["a file: token_url", ["oauth_config", "token_url"], "file:///etc/passwd", "oauth_config.token_url"],
  ["slug with capitals", ["slug"], "Chat", "slug"],
  ["slug of one character", ["slug"], "c", "slug"],
  ["receive_config not an object", ["receive_config"], [], "receive_config"],
];

/** Rules the published JSON Schema cannot express, so only zod (and the SDK, client and runner that use it) enforce. */
const ZOD_ONLY: Record<string, string> = {
  "repeated credential keys": "uniqueItems compares whole items; JSON Schema cannot require one property to differ",
};

const VALID: [string, unknown][] = [
  ["every field of the manifest table (contract.md#manifest-fields)", FULL],
  ["the minimal manifest of schema_version and name", { schema_version: "1.0", name: "Files" }],
  ["an unknown field", { schema_version: "1.0", name: "X", future: 1 }],
];

describe("manifestSchema", () => {
  it.each(VALID)("accepts %s", (_label, manifest) => {
    expect(manifestSchema.safeParse(manifest).error).toBeUndefined();
  });

  it("keeps unknown fields for forward compatibility", () => {
    const parsed = manifestSchema.parse({ schema_version: "1.0", name: "X", future: 1 });
    expect(parsed).toMatchObject({ future: 1 });
  });

  it.each(INVALID)("rejects %s, naming the field", (_label, path, value, field) => {
    const result = manifestSchema.safeParse(withField(path, value));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(field);
  });

  it.each(VALID)("publishes a JSON Schema that accepts %s too", (_label, manifest) => {
    expect(jsonSchemaAccepts(manifestSchema, manifest)).toBe(true);
  });

  it.each(
    INVALID.filter(([label]) => !(label in ZOD_ONLY)),
  )("publishes a JSON Schema that rejects %s too", (_label, path, value) => {
    expect(jsonSchemaAccepts(manifestSchema, withField(path, value))).toBe(false);
  });

  it.each(
    INVALID.filter(([label]) => label in ZOD_ONLY),
  )("leaves %s to zod: the JSON Schema accepts it", (label, path, value) => {
    // When JSON Schema learns to express the rule, this fails and the exception goes.
    expect(ZOD_ONLY[label]).toBeTruthy();
    expect(jsonSchemaAccepts(manifestSchema, withField(path, value))).toBe(true);
  });
});

describe("slugOf", () => {
  it("prefers the manifest slug", () => {
    expect(slugOf({ name: "Team Chat", slug: "chat" })).toBe("chat");
  });

  it("derives the slug from the name per D1", () => {
    expect(slugOf({ name: "  My Mail -- Gateway! " })).toBe("my-mail-gateway");
  });

  it("calls an app with capabilities a channel app", () => {
    expect(isChannelApp({ capabilities: ["send"] })).toBe(true);
    expect(isChannelApp({})).toBe(false);
  });

  it("reads an old manifest without endpoints as declaring no optional endpoint (D410)", () => {
    const old = manifestSchema.parse({ schema_version: "1.0", name: "Chat" });
    expect(declaresEndpoint(old, "inbound")).toBe(false);
    const declared = manifestSchema.parse({ schema_version: "1.0", name: "Chat", endpoints: ["inbound", "later"] });
    expect(declaresEndpoint(declared, "inbound")).toBe(true);
  });

  it("refuses endpoints that are not a list of ids (D410)", () => {
    expect(manifestSchema.safeParse({ schema_version: "1.0", name: "Chat", endpoints: "inbound" }).success).toBe(false);
    expect(manifestSchema.safeParse({ schema_version: "1.0", name: "Chat", endpoints: [""] }).success).toBe(false);
  });
});
