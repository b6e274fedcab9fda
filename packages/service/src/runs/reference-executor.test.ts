import type { Stage } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { createReferenceExecutor, type DeliverStage } from "./reference-executor.ts";
import type { RunInput } from "./run-input.ts";
import type { ExecutionContext } from "./workflow-executor.ts";

function context(stages: Stage[], input: RunInput, options: { startStage?: string; signal?: AbortSignal } = {}) {
  const outputs: { stage: string; data: unknown }[] = [];
  const value: ExecutionContext = {
    run: {
      id: 1,
      workflowId: 1,
      sessionId: 1,
      triggerId: null,
      source: "api",
      startStage: options.startStage ?? null,
      attempt: 1,
    },
    workflow: { id: 1, name: "w", stages },
    input,
    signal: options.signal ?? new AbortController().signal,
    emitOutput: async (stage, data) => void outputs.push({ stage, data }),
  };
  return { value, outputs };
}

describe("reference executor (D24)", () => {
  const executor = createReferenceExecutor();

  it("echoes the input through the stages and completes with the last result", async () => {
    const { value, outputs } = context(
      [
        { name: "a", action: "echo" },
        { name: "b", action: "echo", params: { text: "done" } },
      ],
      { type: "json", value: { n: 1 } },
    );
    expect(await executor.execute(value)).toEqual({ status: "completed", output: "done" });
    expect(outputs).toEqual([
      { stage: "a", data: { n: 1 } },
      { stage: "b", data: "done" },
    ]);
  });

  it("fails at a fail stage with its message, after the outputs before it", async () => {
    const { value, outputs } = context(
      [
        { name: "a", action: "echo" },
        { name: "b", action: "fail", params: { message: "nope" } },
        { name: "c", action: "echo" },
      ],
      { type: "text", text: "hi" },
    );
    expect(await executor.execute(value)).toEqual({ status: "failed", error: "nope" });
    expect(outputs).toEqual([{ stage: "a", data: "hi" }]);
  });

  it("starts at the named stage", async () => {
    const { value, outputs } = context(
      [
        { name: "a", action: "fail" },
        { name: "b", action: "echo" },
      ],
      null,
      { startStage: "b" },
    );
    expect(await executor.execute(value)).toEqual({ status: "completed", output: null });
    expect(outputs).toEqual([{ stage: "b", data: null }]);
  });

  it("stops waiting when the service stops", async () => {
    const controller = new AbortController();
    const { value } = context([{ name: "w", action: "wait", params: { ms: 60_000 } }], null, {
      signal: controller.signal,
    });
    const running = executor.execute(value);
    controller.abort();
    await expect(running).rejects.toThrow();
  });

  it("hands deliver stages to the delivery seam", async () => {
    const deliver: DeliverStage = async ({ stage, input }) => ({ sent: input, to: stage.params?.to });
    const withDelivery = createReferenceExecutor({ deliver });
    const { value } = context([{ name: "d", action: "deliver", params: { to: "#ops" } }], { type: "text", text: "hi" });
    expect(await withDelivery.execute(value)).toEqual({ status: "completed", output: { sent: "hi", to: "#ops" } });
  });

  it("reports configuration errors before a run starts", () => {
    const workflow = (stages: Stage[]) => ({ id: 9, name: "w", stages });
    expect(executor.check(workflow([]), null)).toBe("Workflow 9 has no stages.");
    expect(executor.check(workflow([{ name: "a", action: "summon" }]), null)).toContain('unknown action "summon"');
    expect(executor.check(workflow([{ name: "a", action: "wait", params: { ms: -1 } }]), null)).toContain("params.ms");
    expect(executor.check(workflow([{ name: "a", action: "deliver" }]), null)).toContain("no delivery is configured");
    expect(executor.check(workflow([{ name: "a", action: "echo" }]), "b")).toContain('no stage named "b"');
    expect(
      executor.check(
        workflow([
          { name: "a", action: "echo" },
          { name: "b", action: "wait" },
        ]),
        "b",
      ),
    ).toBeNull();
  });
});
