import { describe, expect, it } from "vitest";
import { hrefPath } from "./href-path.ts";

const requestUrl = new URL("http://127.0.0.1:8080/dav/docs/");
// What hrefPath answered before its shortcut (D305): every href through the URL parser.
const throughUrl = (href: string) => {
  const escaped = href.trim().replaceAll("#", "%23").replaceAll("?", "%3F");
  return URL.canParse(escaped, requestUrl.href) ? new URL(escaped, requestUrl).pathname : undefined;
};

describe("hrefPath", () => {
  it.each([
    "/dav/docs/a.md",
    " /dav/docs/sub/ ",
    "http://127.0.0.1:8080/dav/docs/a%20b.txt",
    "http://127.0.0.1:8080",
    "http://127.0.0.1:8080/",
    "http://inner-host:9000/dav/docs/a.md",
    "HTTP://127.0.0.1:8080/dav/docs/a.md",
    "/dav/docs/../secret.md",
    "/dav/docs/%2e%2e/secret.md",
    "/dav/docs/.hidden",
    "/dav/docs/a b.md",
    "/dav/docs/a#1.md",
    "/dav/docs/q?.md",
    "/dav//docs//a.md",
    "/dav/docs/ünï.md",
    "/dav/docs/a\\b.md",
    "relative/a.md",
    "a.md",
    "http://[::1]:8080/dav/docs/a.md",
    "http://1.2.3.4.5/dav/a.md",
    "http://exa mple/a.md",
    "",
  ])("answers for %j what the URL parser does", (href) => {
    expect(hrefPath(href, requestUrl)).toBe(throughUrl(href));
  });
});
