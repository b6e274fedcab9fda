import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { HttpResponse, http, passthrough } from "msw";
import { type SetupServer, setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { chatAdapter } from "../src/index.ts";
import type { chatManifest } from "../src/manifest.ts";

/** Slack's real Web API base URL, which msw stands in for. */
export const SLACK_API = "https://slack.com/api";

/** Credentials as the service would pass them, without an API base URL override. */
export const CREDENTIALS = { token: "xoxb-test-good", signing_secret: "8f742231b10e8888abcd99yyyzzz85a5" };

/** A Web API method answer as Slack shapes it: HTTP 200 with a JSON body. */
export function slackAnswer(body: Record<string, unknown>, init?: ResponseInit): Response {
  return HttpResponse.json(body, init);
}

/** What the Slack mock received: method, headers and JSON arguments of each call. */
export interface SlackCall {
  method: string;
  authorization: string | null;
  contentType: string | null;
  args: Record<string, unknown>;
}

/**
 * Starts the chat adapter on port 0 and msw in front of the Slack Web API for the current test file; any request
 * that is neither the adapter nor a mocked method fails the test (`onUnhandledRequest: 'error'`).
 */
export function useChatAdapterWithSlackMock(): {
  readonly platform: SetupServer;
  readonly adapter: () => StartedAdapter<typeof chatManifest>;
  /** Answers `method` with `answer` and records every call to it. */
  mockMethod(method: string, answer: (call: SlackCall) => Response | Promise<Response>, base?: string): SlackCall[];
} {
  const platform = setupServer(http.all(/^http:\/\/127\.0\.0\.1:\d+\/chat\//, () => passthrough()));
  let started: StartedAdapter<typeof chatManifest> | undefined;
  beforeAll(async () => {
    platform.listen({ onUnhandledRequest: "error" });
    started = await startAdapter(chatAdapter);
  });
  afterEach(() => platform.resetHandlers());
  afterAll(async () => {
    await started?.close();
    platform.close();
  });
  return {
    platform,
    adapter: () => {
      if (started === undefined) throw new Error("the adapter starts in beforeAll");
      return started;
    },
    mockMethod(method, answer, base = SLACK_API) {
      const calls: SlackCall[] = [];
      platform.use(
        http.post(`${base}/${method}`, async ({ request }) => {
          const call: SlackCall = {
            method,
            authorization: request.headers.get("authorization"),
            contentType: request.headers.get("content-type"),
            args: (await request.json()) as Record<string, unknown>,
          };
          calls.push(call);
          return answer(call);
        }),
      );
      return calls;
    },
  };
}
