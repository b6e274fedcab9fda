import { describe, expect, it } from "vitest";
import { FIXTURE_HANDLERS, FIXTURE_MANIFEST, fixtureAdapter } from "../http/fixture-adapter.ts";
import { AdapterDefinitionError, defineAdapter } from "./define-adapter.ts";
import { notImplemented } from "./not-implemented.ts";

const problemsOf = (define: () => unknown): readonly string[] => {
  try {
    define();
  } catch (error) {
    if (error instanceof AdapterDefinitionError) return error.problems;
    throw error;
  }
  throw new Error("defineAdapter did not throw");
};
// Runtime checks exist for JavaScript authors and loosely typed manifests, which the compiler cannot hold.
const loose = (definition: Record<string, unknown>) => () => defineAdapter(definition as never);
const { sources, ...channel } = FIXTURE_HANDLERS;

describe("defineAdapter", () => {
  it("returns the adapter with its slug and every handler by endpoint id", () => {
    const adapter = fixtureAdapter();
    expect(adapter.slug).toBe("fixture");
    expect([...adapter.handlers.keys()].sort()).toEqual(
      [
        "deliver",
        "fetch-file",
        "format",
        "inbound",
        "list-changes",
        "parse-inbound",
        "verify",
        "verify-webhook",
      ].sort(),
    );
    expect(adapter.notImplemented).toEqual([]);
  });

  it("derives the slug from the name when the manifest has none (D1)", () => {
    const adapter = defineAdapter({ manifest: { schema_version: "1.0", name: "Mail Gateway (SMTP)" } });
    expect(adapter.slug).toBe("mail-gateway-smtp");
  });

  it("lists absent optional handlers and placeholders as not implemented", () => {
    const adapter = fixtureAdapter({ deliver: notImplemented("deliver"), sources: undefined as never });
    expect([...adapter.notImplemented].sort()).toEqual(["deliver", "fetch-file", "list-changes"]);
  });

  it("refuses a send app without deliver", () => {
    const problems = problemsOf(
      loose({ manifest: { ...FIXTURE_MANIFEST, capabilities: ["send"] }, ...channel, deliver: undefined }),
    );
    expect(problems).toEqual(['handler "deliver" is required by this manifest for POST /deliver']);
  });

  it("refuses a receive app without verifyWebhook and parseInbound", () => {
    const { verifyWebhook, parseInbound, ...rest } = channel;
    const problems = problemsOf(loose({ manifest: { ...FIXTURE_MANIFEST, capabilities: ["receive"] }, ...rest }));
    expect(problems).toEqual([
      'handler "verifyWebhook" is required by this manifest for POST /verify-webhook',
      'handler "parseInbound" is required by this manifest for POST /parse-inbound',
    ]);
  });

  it("refuses a channel app without format", () => {
    const { format, ...rest } = channel;
    expect(problemsOf(loose({ manifest: FIXTURE_MANIFEST, ...rest }))).toEqual([
      'handler "format" is required by this manifest for POST /format',
    ]);
  });

  it("refuses an app with credentials but no verify", () => {
    const { verify, ...rest } = channel;
    expect(problemsOf(loose({ manifest: FIXTURE_MANIFEST, ...rest }))).toEqual([
      'handler "verify" is required by this manifest for POST /verify',
    ]);
  });

  it("accepts an app without capabilities or credentials and no handlers at all", () => {
    const adapter = defineAdapter({ manifest: { schema_version: "1.0", name: "Bare" } });
    expect(adapter.handlers.size).toBe(0);
    expect(adapter.notImplemented).toHaveLength(8);
  });

  it("refuses one sources handler without the other", () => {
    const problems = problemsOf(
      loose({ manifest: FIXTURE_MANIFEST, ...channel, sources: { listChanges: sources.listChanges } }),
    );
    expect(problems).toEqual(['the sources handlers come together: "sources" lacks fetchFile']);
  });

  it("refuses unknown handler names and handlers that are not functions", () => {
    const problems = problemsOf(
      loose({
        manifest: FIXTURE_MANIFEST,
        ...channel,
        delivr: channel.deliver,
        format: "upper",
        sources: { ...sources, fetch: 1 },
      }),
    );
    expect(problems).toContain('handler "format" must be a function');
    expect(problems).toContain('"sources.fetch" is not a handler name (known: listChanges, fetchFile)');
    expect(problems.some((problem) => problem.startsWith('"delivr" is not a handler name'))).toBe(true);
  });

  it("refuses an invalid manifest, naming each field by JSON Pointer", () => {
    const problems = problemsOf(loose({ manifest: { schema_version: "2.0", name: "", capabilities: ["shout"] } }));
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "/manifest/schema_version",
      "/manifest/name",
      "/manifest/capabilities/0",
    ]);
  });

  it("says every problem at once in its message", () => {
    expect(loose({ manifest: FIXTURE_MANIFEST })).toThrow(
      /verify[\s\S]*verifyWebhook[\s\S]*parseInbound[\s\S]*deliver[\s\S]*format/,
    );
  });
});
