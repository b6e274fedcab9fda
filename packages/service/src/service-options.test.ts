import { describe, expect, it } from "vitest";
import { serviceOptionsFromEnv } from "./service-options.ts";

describe("serviceOptionsFromEnv", () => {
  it("reads ADAPTERKIT_ALLOWED_HOSTS and ADAPTERKIT_SQLITE_SYNCHRONOUS", () => {
    const options = serviceOptionsFromEnv({
      ADAPTERKIT_ALLOWED_HOSTS: " 127.0.0.1:3100, stand-in.local ,",
      ADAPTERKIT_SQLITE_SYNCHRONOUS: "NORMAL",
    });
    expect(options.allowedHosts).toEqual(["127.0.0.1:3100", "stand-in.local"]);
    expect(options.sqliteSynchronous).toBe("normal");
  });

  it("leaves both to their defaults when unset (no allowed hosts; FULL)", () => {
    const options = serviceOptionsFromEnv({});
    expect(options.allowedHosts).toEqual([]);
    expect(options.sqliteSynchronous).toBeUndefined();
  });

  it("refuses a synchronous setting other than full or normal, naming the variable", () => {
    expect(() => serviceOptionsFromEnv({ ADAPTERKIT_SQLITE_SYNCHRONOUS: "off" })).toThrow(
      /ADAPTERKIT_SQLITE_SYNCHRONOUS/,
    );
  });

  it("reads ADAPTERKIT_TOOL_SERVER_REFRESH_MS as the interval, 0 or off as none, and refuses anything else", () => {
    expect(serviceOptionsFromEnv({ ADAPTERKIT_TOOL_SERVER_REFRESH_MS: "600000" }).toolServers).toEqual({
      refreshEveryMs: 600_000,
    });
    expect(serviceOptionsFromEnv({ ADAPTERKIT_TOOL_SERVER_REFRESH_MS: "0" }).toolServers).toBe(false);
    expect(serviceOptionsFromEnv({ ADAPTERKIT_TOOL_SERVER_REFRESH_MS: "off" }).toolServers).toBe(false);
    expect(serviceOptionsFromEnv({}).toolServers).toBeUndefined();
    for (const text of ["1h", "-5", "1.5"]) {
      expect(() => serviceOptionsFromEnv({ ADAPTERKIT_TOOL_SERVER_REFRESH_MS: text }), text).toThrow(
        /ADAPTERKIT_TOOL_SERVER_REFRESH_MS/,
      );
    }
  });

  it("reads ADAPTERKIT_TRUST_PROXY as IP addresses, none when unset, and refuses anything else", () => {
    expect(serviceOptionsFromEnv({ ADAPTERKIT_TRUST_PROXY: " 10.0.0.7, ::1,::ffff:127.0.0.1" }).trustProxy).toEqual([
      "10.0.0.7",
      "::1",
      "127.0.0.1",
    ]);
    expect(serviceOptionsFromEnv({}).trustProxy).toEqual([]);
    for (const text of ["true", "proxy.local", "10.0.0.0/8"]) {
      expect(() => serviceOptionsFromEnv({ ADAPTERKIT_TRUST_PROXY: text }), text).toThrow(/ADAPTERKIT_TRUST_PROXY/);
    }
  });
});
