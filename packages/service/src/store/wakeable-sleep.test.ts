import { describe, expect, it } from "vitest";
import { createWakeableSleep } from "./wakeable-sleep.ts";

// Sleeps here are an hour long: a test that passes was woken, it cannot have waited the sleep out.
const HOUR = 3_600_000;

describe("createWakeableSleep", () => {
  it("ends a sleep under way when woken", async () => {
    const alarm = createWakeableSleep();
    const sleeping = alarm.sleep(HOUR);
    alarm.wake();
    await expect(sleeping).resolves.toBeUndefined();
  });

  it("returns at once from a sleep that starts after a wake", async () => {
    const alarm = createWakeableSleep();
    alarm.wake();
    await alarm.sleep(HOUR);
    await alarm.sleep(HOUR);
  });

  it("sleeps again after clear() until the next wake", async () => {
    const alarm = createWakeableSleep();
    alarm.wake();
    alarm.clear();
    let ended = false;
    const sleeping = alarm.sleep(HOUR).then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ended).toBe(false);
    alarm.wake();
    await sleeping;
    expect(ended).toBe(true);
  });

  it("sleeps its time out when nobody wakes it", async () => {
    const alarm = createWakeableSleep();
    await alarm.sleep(5);
  });
});
