import { describe, expect, it } from "vitest";
import { pickText } from "./pick-text.ts";

describe("pickText", () => {
  it("reads an object's login before its name and its id", () => {
    const sender = { id: 1, name: "The Octocat", login: "octocat", type: "User" };
    expect(pickText({ sender }, undefined, ["/sender"])).toBe("octocat");
    expect(pickText({ sender: { id: 7, name: "Ana" } }, undefined, ["/sender"])).toBe("Ana");
    expect(pickText({ sender: { id: 7 } }, undefined, ["/sender"])).toBe("7");
  });

  it("goes on to the next default when an object has none of login, name or id", () => {
    expect(pickText({ sender: { type: "Bot" }, from: "ci" }, undefined, ["/sender", "/from"])).toBe("ci");
  });

  it("never reads an array or null", () => {
    expect(pickText({ sender: [{ login: "a" }], user: null }, undefined, ["/sender", "/user"])).toBeUndefined();
  });

  it("tries only a configured path, not the defaults", () => {
    expect(pickText({ sender: "ana", data: { who: { login: "bob" } } }, "data.who", ["/sender"])).toBe("bob");
    expect(pickText({ sender: "ana" }, "/missing", ["/sender"])).toBeUndefined();
  });
});
