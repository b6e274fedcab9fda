import { randomBytes } from "node:crypto";
import { startToolServerStandIn } from "../../src/tool-servers/stand-in-tool-server.ts";
import { unusedAdapterUrl } from "../helpers/broken-adapter.ts";
import { readJson } from "../helpers/test-service.ts";
import type { SecretSource } from "./secret-sources.ts";

const drain = async (response: Response) => void (await response.arrayBuffer());
const fresh = (prefix = "") => `${prefix}${randomBytes(32).toString("base64url")}`;

async function expectOk(response: Response, what: string): Promise<Response> {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** A3: an App's signing secret, read, rotated (both sign during the overlap) and used on a signed /verify call. */
export const appSigningSecrets: SecretSource = {
  kind: "App signing secret",
  async plant({ test, projectToken, appUrl }) {
    const path = "/api/v1/apps/plant-signed/signing-secret";
    await expectOk(
      await test.call("/api/v1/apps", { token: projectToken, json: { base_url: appUrl("plant-signed") } }),
      "register",
    );
    const first = (await readJson<{ secret: string }>(await test.call(path, { token: projectToken }))).secret;
    const rotated = await test.call(`${path}/rotate`, { method: "POST", token: projectToken });
    const second = (await readJson<{ secret: string }>(await expectOk(rotated, "rotate"))).secret;
    const credentials = { recorder_token: fresh(), recorder_server: { host: "mail.test", password: fresh() } };
    const json = { app: "plant-signed", credentials };
    await expectOk(await test.call("/api/v1/installations", { token: projectToken, json }), "install");
    await drain(await test.call("/api/v1/apps/plant-signed/refresh", { method: "POST", token: projectToken }));
    return [first, second];
  },
};

/**
 * A5: credential field values: installed (an api_key and a text credential's secret field), replaced by a second
 * install of another App sharing the keys, and refused by the adapter's /verify (never stored, never logged).
 */
export const credentialFields: SecretSource = {
  kind: "credential field",
  async plant({ test, projectToken, appUrl }) {
    const values: string[] = [];
    for (const slug of ["plant-creds-a", "plant-creds-b"]) {
      await expectOk(await test.call("/api/v1/apps", { token: projectToken, json: { base_url: appUrl(slug) } }), slug);
      const token = fresh();
      const password = fresh();
      values.push(token, password);
      const credentials = { recorder_token: token, recorder_server: { host: "mail.test", password } };
      const json = { app: slug, credentials };
      await expectOk(await test.call("/api/v1/installations", { token: projectToken, json }), `install ${slug}`);
    }
    const refused = { recorder_token: fresh("bad-"), recorder_server: { host: "mail.test", password: fresh() } };
    const answer = await test.call("/api/v1/installations", {
      token: projectToken,
      json: { app: "plant-creds-a", credentials: refused },
    });
    if (answer.status !== 422) throw new Error(`a refused install: ${answer.status} ${await answer.text()}`);
    await drain(answer);
    await drain(await test.call("/api/v1/credentials", { token: projectToken }));
    return [...values, refused.recorder_token, refused.recorder_server.password];
  },
};

/**
 * D192: a tool server's request headers (an Authorization bearer and an API key): connected, refreshed, listed, and
 * sent to a server that is down (the 502 names the server, never a header), and refreshed after its server went
 * down (the error recorded on the row names no header either).
 */
export const toolServerHeaders: SecretSource = {
  kind: "tool server header",
  async plant({ test, projectToken, toolServerUrl }) {
    const bearer = fresh("mcp_");
    const apiKey = fresh();
    const headers = { Authorization: `Bearer ${bearer}`, "X-Api-Key": apiKey };
    const json = { name: "plant-tools", url: toolServerUrl, headers };
    const created = await expectOk(await test.call("/api/v1/tool-servers", { token: projectToken, json }), "connect");
    const { id } = await readJson<{ id: number }>(created);
    const path = `/api/v1/tool-servers/${id}`;
    await expectOk(await test.call(`${path}/refresh`, { method: "POST", token: projectToken }), "refresh");
    await drain(await test.call(path, { token: projectToken }));
    await drain(await test.call("/api/v1/tool-servers", { token: projectToken }));
    const down = fresh();
    const failed = await test.call("/api/v1/tool-servers", {
      token: projectToken,
      json: {
        name: "plant-down",
        url: `${await unusedAdapterUrl()}/mcp`,
        headers: { Authorization: `Bearer ${down}` },
      },
    });
    if (failed.status !== 502) throw new Error(`a server that is down: ${failed.status} ${await failed.text()}`);
    await drain(failed);
    // D321: a refresh of a server gone down since it was connected records its error on the row.
    const gone = fresh("mcp_");
    const going = await startToolServerStandIn({ token: gone });
    const connected = await test.call("/api/v1/tool-servers", {
      token: projectToken,
      json: { name: "plant-gone", url: going.url, headers: { Authorization: `Bearer ${gone}` } },
    });
    const goneId = (await readJson<{ id: number }>(await expectOk(connected, "connect the server going down"))).id;
    await going.close();
    const refresh = await test.call(`/api/v1/tool-servers/${goneId}/refresh`, { method: "POST", token: projectToken });
    if (refresh.status !== 502)
      throw new Error(`a refresh of a server gone: ${refresh.status} ${await refresh.text()}`);
    await drain(refresh);
    await drain(await test.call(`/api/v1/tool-servers/${goneId}`, { token: projectToken }));
    return [bearer, apiKey, down, gone];
  },
};

/**
 * A2: a conformance fixtures file's credential values: uploaded (sealed at rest), replaced, its summary read, and a
 * review run with them (the runner sends them to the adapter; the stored report must show them redacted).
 */
export const fixturesCredentials: SecretSource = {
  kind: "fixtures credential",
  async plant({ test, projectToken, appUrl }) {
    const path = "/api/v1/apps/plant-fixtures/fixtures";
    await expectOk(
      await test.call("/api/v1/apps", { token: projectToken, json: { base_url: appUrl("plant-fixtures") } }),
      "register",
    );
    const values: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const good = fresh();
      const bad = fresh("bad-");
      values.push(good, bad);
      const body = JSON.stringify({ credentials: { good: { recorder_token: good }, bad: { recorder_token: bad } } });
      await expectOk(await test.call(path, { method: "PUT", token: projectToken, body }), "upload fixtures");
    }
    await drain(await test.call(path, { token: projectToken }));
    const submitted = await test.call("/api/v1/apps/plant-fixtures/submit", { method: "POST", token: projectToken });
    const review = `/api/v1/apps/plant-fixtures/reviews/${(await readJson<{ id: number }>(submitted)).id}`;
    for (let i = 0; i < 600; i += 1) {
      const { state } = await readJson<{ state: string }>(await test.call(review, { token: projectToken }));
      if (state === "passed" || state === "failed") return values;
      if (state === "errored") throw new Error("the review of plant-fixtures ended without a report");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the review of plant-fixtures did not finish within 60 s");
  },
};
