import { runAgainstAdapter } from "@adapterkit/conformance/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTasksAdapter } from "./index.ts";
import { connectForTest } from "./stand-in/connect-for-test.ts";
import { startTasksStandIn, type TasksStandIn } from "./stand-in/start-tasks-stand-in.ts";

const REDIRECT = "http://127.0.0.1:9/oauth/callback";
let tasks: TasksStandIn;
beforeAll(async () => {
  tasks = await startTasksStandIn({ redirectUris: [REDIRECT] });
});
afterAll(() => tasks?.close());

describe("tasks adapter conformance", () => {
  // The good credential is a token minted by the code flow, which a static fixtures file cannot hold (D132).
  it("passes every required check of the runner with a token from its platform, signed as the service signs", async () => {
    const { access_token: accessToken } = await connectForTest(tasks, REDIRECT);
    const { failures, passed, report } = await runAgainstAdapter(createTasksAdapter(tasks.url), {
      fixtures: {
        description: "Tasks adapter against its stand-in platform; the good token comes from the OAuth code flow.",
        credentials: { good: { access_token: accessToken }, bad: { access_token: "revoked-or-made-up" } },
      },
      allowedHosts: [new URL(tasks.url).host],
    });
    expect(failures).toEqual({});
    expect(report.summary.required_failed).toBe(0);
    expect(passed).toEqual(expect.arrayContaining(["verify.good-credentials", "verify.bad-credentials"]));
  });
});
