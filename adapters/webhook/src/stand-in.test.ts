import { signStandardWebhook } from "@adapterkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whsec } from "../test/credentials.ts";
import { startWebhookStandIn, type WebhookStandIn } from "./stand-in.ts";

const SECRET = whsec();
let receiver: WebhookStandIn;
beforeAll(async () => {
  receiver = await startWebhookStandIn({ signingSecret: SECRET });
});
afterAll(() => receiver.close());

function post(body: string, headers: Record<string, string>) {
  return fetch(receiver.channelAddress, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

describe("startWebhookStandIn", () => {
  it("hands out credentials whose secret its deliveries must be signed with", () => {
    expect(receiver.credentials).toEqual({ signing_secret: SECRET });
    expect(receiver.channelAddress).toBe(`${receiver.url}/deliveries`);
  });

  it("accepts and records a signed delivery", async () => {
    const body = '{"message":"hi"}';
    const response = await post(body, signStandardWebhook({ secret: SECRET, body }));
    expect(response.status).toBe(200);
    expect(receiver.deliveries().at(-1)).toMatchObject({ method: "POST", path: "/deliveries", body, verified: true });
  });

  it("records but refuses with 401 a delivery signed with another secret", async () => {
    const body = '{"message":"forged"}';
    const response = await post(body, signStandardWebhook({ secret: whsec(), body }));
    expect(response.status).toBe(401);
    expect(receiver.deliveries().at(-1)).toMatchObject({ body, verified: false });
  });

  it("lists what it received at GET /deliveries", async () => {
    const listed = (await (await fetch(receiver.channelAddress)).json()) as unknown[];
    expect(listed).toEqual(receiver.deliveries());
  });

  it("answers 404 off its delivery path", async () => {
    const response = await fetch(`${receiver.url}/other`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
  });
});
