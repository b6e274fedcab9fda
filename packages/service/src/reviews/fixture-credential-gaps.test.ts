import { describe, expect, it } from "vitest";
import { fixtureCredentialGaps, requiredAdapterFields } from "./fixture-credential-gaps.ts";

const fixtures = (good: Record<string, unknown>) => ({ credentials: { good, bad: {} } });

describe("fixtureCredentialGaps", () => {
  it("reads each credential under the name the adapter receives it (D65)", () => {
    expect(requiredAdapterFields({ key: "bot", type: "api_key" })).toEqual(["token"]);
    expect(requiredAdapterFields({ key: "bot", type: "api_key", maps_to: "bot_token" })).toEqual(["bot_token"]);
    expect(requiredAdapterFields({ key: "hook", type: "text" })).toEqual(["hook"]);
    expect(requiredAdapterFields({ key: "oauth", type: "oauth2" })).toEqual(["access_token"]);
    const mail = { key: "mail", type: "text" as const, fields: [{ name: "host" }, { name: "port", optional: true }] };
    expect(requiredAdapterFields(mail)).toEqual(["host"]);
    expect(requiredAdapterFields({ ...mail, fields: [{ name: "port", optional: true }] })).toEqual([]);
  });

  it("lists the required credentials missing or empty in credentials.good", () => {
    const manifest = {
      credentials: [
        { key: "secret", type: "text" as const, maps_to: "signing_secret" },
        { key: "workspace", type: "text" as const, label: "Workspace", maps_to: "workspace_id" },
      ],
    };
    expect(fixtureCredentialGaps(manifest, fixtures({ signing_secret: "s" }))).toEqual([
      { key: "workspace", field: "workspace_id", label: "Workspace" },
    ]);
    expect(fixtureCredentialGaps(manifest, fixtures({ signing_secret: "", workspace_id: "w" }))).toEqual([
      { key: "secret", field: "signing_secret", label: "secret" },
    ]);
    expect(fixtureCredentialGaps(manifest, fixtures({ signing_secret: "s", workspace_id: "w" }))).toEqual([]);
  });

  it("judges only what a version adds when given the version before", () => {
    const base = { credentials: [{ key: "secret", type: "text" as const, maps_to: "signing_secret" }] };
    const manifest = { credentials: [...base.credentials, { key: "workspace", type: "text" as const }] };
    expect(fixtureCredentialGaps(manifest, fixtures({}), base).map((gap) => gap.key)).toEqual(["workspace"]);
  });
});
