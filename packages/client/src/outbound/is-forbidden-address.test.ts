import { describe, expect, it } from "vitest";
import { isForbiddenAddress } from "./is-forbidden-address.ts";

describe("isForbiddenAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.5",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "0.0.0.0",
    "::",
    "::1",
    "0:0:0:0:0:0:0:1",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "0:0:0:0:0:ffff:10.0.0.5",
    "::ffff:0:7f00:1",
    "::ffff:0:10.0.0.5",
    "64:ff9b::7f00:1",
    "64:ff9b::10.0.0.5",
    "2002:7f00:1::1",
    "2002:a9fe:a9fe::",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "::127.0.0.1",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "::ffff:0:808:808",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("lets the public address %s through", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it("judges no host name (names are judged after resolution)", () => {
    expect(isForbiddenAddress("localhost")).toBe(false);
  });
});
