import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOAuthState, isSignedOAuthState, stateDigest } from "./oauth-state.ts";

const key = randomBytes(32);

describe("createOAuthState", () => {
  it("creates a different signed state each time, stored by its digest", () => {
    const one = createOAuthState(key);
    const two = createOAuthState(key);
    expect(one.state).not.toBe(two.state);
    expect(isSignedOAuthState(key, one.state)).toBe(true);
    expect(one.digest).toBe(stateDigest(one.state));
    expect(one.digest).not.toContain(one.state.split(".")[0]);
  });

  it("refuses a state with a changed byte, another key's state, and malformed ones", () => {
    const { state } = createOAuthState(key);
    const flipped = `${state.slice(0, 5)}${state[5] === "A" ? "B" : "A"}${state.slice(6)}`;
    expect(isSignedOAuthState(key, flipped)).toBe(false);
    expect(isSignedOAuthState(randomBytes(32), state)).toBe(false);
    for (const bad of ["", "abc", `${state}x`, state.replace(".", ""), `${state.split(".")[0]}.`]) {
      expect(isSignedOAuthState(key, bad)).toBe(false);
    }
  });
});
