import { createTransport } from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import type { CapturedDelivery } from "../check.ts";
import { type RunningStandInPlatform, startStandInPlatform } from "./start-stand-in-platform.ts";

let platform: RunningStandInPlatform | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${platform?.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("startStandInPlatform", () => {
  it("answers the first route whose header and body matchers hold", async () => {
    platform = await startStandInPlatform();
    platform.setRoutes([
      {
        method: "POST",
        path: "/api/chat.postMessage",
        when: { header: { Authorization: "Bearer good" } },
        body: { ok: true },
      },
      { method: "POST", path: "/api/chat.postMessage", when: { body: { "/channel": "C1" } }, body: { ok: "by-body" } },
      { method: "POST", path: "/api/chat.postMessage", status: 401, body: { ok: false } },
    ]);
    expect(await post("/api/chat.postMessage", {}, { authorization: "Bearer good" })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await post("/api/chat.postMessage", { channel: "C1" })).toEqual({ status: 200, body: { ok: "by-body" } });
    expect(await post("/api/chat.postMessage", { channel: "C2" })).toEqual({ status: 401, body: { ok: false } });
  });

  it("answers 404 with JSON when no route matches", async () => {
    platform = await startStandInPlatform();
    platform.setRoutes([{ method: "GET", path: "/api/me", body: {} }]);
    const answer = await post("/api/me", {});
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: "no stand-in route matches", method: "POST", path: "/api/me" });
  });

  it("captures every request with its parsed JSON body", async () => {
    platform = await startStandInPlatform();
    await post("/hooks/x", { text: "hi" }, { "x-marker": "m1" });
    const [delivery] = platform.deliveries();
    expect(delivery).toMatchObject({ protocol: "http", method: "POST", path: "/hooks/x", json: { text: "hi" } });
    expect(delivery?.headers["x-marker"]).toBe("m1");
    platform.clear();
    expect(platform.deliveries()).toEqual([]);
  });

  it("fails the next matching calls as many times as armed, then answers the route again", async () => {
    platform = await startStandInPlatform();
    platform.setRoutes([{ path: "/send", body: { ok: true } }]);
    platform.failNext({ path: "/send" }, { status: 503, times: 2 });
    expect((await post("/send", {})).status).toBe(503);
    expect((await post("/send", {})).status).toBe(503);
    expect(await post("/send", {})).toEqual({ status: 200, body: { ok: true } });
  });

  it("fails only the requests its matcher accepts, answering the others on the same route", async () => {
    platform = await startStandInPlatform();
    platform.setRoutes([{ path: "/send", body: { ok: true } }]);
    const carriesNonce = (request: CapturedDelivery) => request.body.includes("nonce-1");
    platform.failNext({ method: "POST", path: "/send", matches: carriesNonce }, { status: 503 });
    expect(await post("/send", { text: "another check's nonce-2" })).toEqual({ status: 200, body: { ok: true } });
    expect((await post("/send", { text: "this check's nonce-1" })).status).toBe(503);
    expect(await post("/send", { text: "nonce-1 again" })).toEqual({ status: 200, body: { ok: true } });
  });

  it("resolves a waiter with a later delivery and gives undefined after the timeout", async () => {
    platform = await startStandInPlatform();
    const since = Date.now();
    const waiting = platform.waitForDelivery((delivery) => (delivery.json as { n?: number } | undefined)?.n === 2, {
      since,
      timeoutMs: 2_000,
    });
    await post("/x", { n: 1 });
    await post("/x", { n: 2 });
    expect((await waiting)?.json).toEqual({ n: 2 });
    expect(await platform.waitForDelivery(() => false, { timeoutMs: 20 })).toBeUndefined();
  });

  it("captures mail sent with good SMTP credentials and refuses bad ones with 535", async () => {
    platform = await startStandInPlatform({ smtp: { users: { "bot@example.test": "good-password" } } });
    const smtp = platform.smtp;
    if (!smtp) throw new Error("no smtp sink");
    const transport = (pass: string) =>
      createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: false,
        ignoreTLS: true,
        auth: { user: "bot@example.test", pass },
      });
    await transport("good-password").sendMail({
      from: "bot@example.test",
      to: "alice@example.test",
      subject: "Hi",
      text: "nonce-1",
    });
    const [mail] = platform.deliveries();
    expect(mail?.protocol).toBe("smtp");
    expect(mail?.smtp).toEqual({ from: "bot@example.test", to: ["alice@example.test"] });
    expect(mail?.json).toMatchObject({ subject: "Hi", text: "nonce-1\n" });
    expect(mail?.body).toContain("Subject: Hi");
    await expect(
      transport("wrong").sendMail({ from: "bot@example.test", to: "a@example.test", text: "x" }),
    ).rejects.toMatchObject({
      responseCode: 535,
    });
  });
});
