import type { DeliverResponse } from "@adapterkit/contract/adapter";
import { describe, expectTypeOf, it } from "vitest";
import type { CredentialsOf, NoCredentials } from "./credentials-of.ts";
import { defineAdapter } from "./define-adapter.ts";
import type { DeliverHandler, HandlerContext } from "./handler-types.ts";
import { defineManifest } from "./manifest-input.ts";
import { notImplemented } from "./not-implemented.ts";

const delivered: DeliverResponse = { ok: true, message_id: "m1" };
const channel = {
  verifyWebhook: () => ({ ok: true as const }),
  parseInbound: () => ({ ignored: true as const, reason: "test" }),
  deliver: () => delivered,
  format: ({ text }: { text: string }) => ({ text }),
};

describe("defineAdapter types", () => {
  it("infers an api_key credential under its maps_to", () => {
    defineAdapter({
      manifest: {
        schema_version: "1.0",
        name: "Chat",
        credentials: [{ key: "slack", type: "api_key", maps_to: "bot_token" }],
      },
      verify: ({ credentials }, context) => {
        expectTypeOf(credentials).toEqualTypeOf<{ readonly bot_token: string }>();
        expectTypeOf(context).toEqualTypeOf<HandlerContext>();
        // @ts-expect-error a misspelt credential field does not compile
        credentials.bot_tokn;
        return { ok: true, user: credentials.bot_token };
      },
    });
  });

  it("names an api_key credential without maps_to token", () => {
    type M = { schema_version: "1.0"; name: "x"; credentials: [{ key: "k"; type: "api_key" }] };
    expectTypeOf<CredentialsOf<M>>().toEqualTypeOf<{ readonly token: string }>();
  });

  it("gives oauth2 its four fields, access_token compulsory", () => {
    type M = { schema_version: "1.0"; name: "x"; credentials: [{ key: "google"; type: "oauth2" }] };
    expectTypeOf<CredentialsOf<M>>().toEqualTypeOf<{
      readonly access_token: string;
      readonly client_id?: string;
      readonly client_secret?: string;
      readonly refresh_token?: string;
    }>();
  });

  it("passes the fields of a multi-field text credential flat, optional ones optional", () => {
    const manifest = defineManifest({
      schema_version: "1.0",
      name: "Mail",
      credentials: [
        { key: "smtp", type: "text", fields: [{ name: "host" }, { name: "port" }, { name: "tls", optional: true }] },
        { key: "signing", type: "text", maps_to: "webhook_secret" },
      ],
    });
    expectTypeOf<CredentialsOf<typeof manifest>>().toEqualTypeOf<{
      readonly host: string;
      readonly port: string;
      readonly tls?: string;
      readonly webhook_secret: string;
    }>();
  });

  it("gives a manifest without credentials nothing to read", () => {
    defineAdapter({
      manifest: { schema_version: "1.0", name: "Plain" },
      format: ({ credentials, text }) => {
        expectTypeOf(credentials).toEqualTypeOf<NoCredentials | undefined>();
        return { text };
      },
    });
  });

  it("requires the four channel handlers of an app that declares send", () => {
    // @ts-expect-error deliver is missing
    defineAdapter({
      manifest: { schema_version: "1.0", name: "Send", capabilities: ["send"] },
      verifyWebhook: channel.verifyWebhook,
      parseInbound: channel.parseInbound,
      format: channel.format,
    });
    defineAdapter({ manifest: { schema_version: "1.0", name: "Send", capabilities: ["send"] }, ...channel });
  });

  it("requires verifyWebhook and parseInbound of an app that declares receive", () => {
    // @ts-expect-error verifyWebhook and parseInbound are missing
    defineAdapter({
      manifest: { schema_version: "1.0", name: "Receive", capabilities: ["receive"] },
      deliver: channel.deliver,
      format: channel.format,
    });
  });

  it("requires verify when the manifest declares credentials", () => {
    // @ts-expect-error verify is missing
    defineAdapter({ manifest: { schema_version: "1.0", name: "Creds", credentials: [{ key: "k", type: "api_key" }] } });
  });

  it("takes the two sources handlers together or not at all", () => {
    defineAdapter({
      manifest: { schema_version: "1.0", name: "Files" },
      // @ts-expect-error fetchFile is missing
      sources: { listChanges: () => ({ changes: [], cursor: "c" }) },
    });
    defineAdapter({
      manifest: { schema_version: "1.0", name: "Files" },
      sources: {
        listChanges: () => ({ changes: [], cursor: "c" }),
        fetchFile: () => ({ bytes: new Uint8Array(), contentType: "text/plain" }),
      },
    });
  });

  it("refuses a handler that returns the wrong shape", () => {
    defineAdapter({
      manifest: { schema_version: "1.0", name: "Wrong" },
      // @ts-expect-error user must be a string; no annotation on the arrow, so only defineAdapter can object
      verify: () => ({ ok: true, user: 1 }),
    });
  });

  it("refuses an unknown handler name", () => {
    // @ts-expect-error delivr is not a handler
    defineAdapter({ manifest: { schema_version: "1.0", name: "Typo" }, delivr: channel.deliver });
  });

  it("accepts a placeholder wherever a handler goes", () => {
    const manifest = defineManifest({ schema_version: "1.0", name: "Scaffold", capabilities: ["send", "receive"] });
    const deliver: DeliverHandler<typeof manifest> = notImplemented("deliver");
    defineAdapter({ manifest, ...channel, deliver, format: notImplemented("format") });
  });
});
