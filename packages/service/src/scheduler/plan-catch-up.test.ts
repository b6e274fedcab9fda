import { describe, expect, it } from "vitest";
import { planCatchUp } from "./plan-catch-up.ts";

const HOUR = 3_600_000;
const at = (time: string) => new Date(`2025-01-06T${time}Z`);

describe("planCatchUp", () => {
  it("fires the one slot that is due moments ago", () => {
    expect(planCatchUp([at("09:00:00")], at("09:00:00.200"), HOUR)).toEqual({ fire: at("09:00:00"), missed: [] });
  });

  it("fires only the latest slot within the window late and misses every earlier one", () => {
    const slots = [at("09:00:00"), at("10:00:00"), at("11:00:00"), at("12:00:00")];
    expect(planCatchUp(slots, at("12:30:00"), HOUR)).toEqual({ fire: at("12:00:00"), missed: slots.slice(0, 3) });
  });

  it("misses every slot when even the latest is older than the window", () => {
    const slots = [at("08:00:00"), at("09:00:00")];
    expect(planCatchUp(slots, at("10:00:00.001"), HOUR)).toEqual({ fire: null, missed: slots });
  });

  it("counts a slot exactly as old as the window as inside it", () => {
    expect(planCatchUp([at("09:00:00")], at("10:00:00"), HOUR).fire).toEqual(at("09:00:00"));
  });

  it("plans nothing when no slot is due", () => {
    expect(planCatchUp([], at("10:00:00"), HOUR)).toEqual({ fire: null, missed: [] });
  });
});
