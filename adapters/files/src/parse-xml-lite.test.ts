import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { parseXmlLite } from "./parse-xml-lite.ts";

const isArray = (name: string) => name === "response" || name === "propstat";
const full = new XMLParser({ removeNSPrefix: true, parseTagValue: false, jPath: false, isArray });
// fast-xml-parser also keeps the XML declaration as a key; only the document's element is compared.
const multistatusOf = (parsed: unknown) => (parsed as { multistatus?: unknown } | undefined)?.multistatus;

const ANSWERS = {
  "webdav-server v2": `<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:"><D:response><D:href>http://127.0.0.1:3/dav/bench/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype><D:getetag>"1f2e"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response><D:response><D:href>http://127.0.0.1:3/dav/bench/a%20b.txt</D:href><D:propstat><D:prop><D:resourcetype/><D:getetag>"9a"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>`,
  "Apache mod_dav, pretty-printed, with a 404 propstat": `<?xml version="1.0" encoding="utf-8"?>
<D:multistatus xmlns:D="DAV:" xmlns:ns0="DAV:">
  <D:response xmlns:lp1="DAV:" xmlns:lp2="http://apache.org/dav/props/">
    <D:href>/dav/docs/R&amp;D%20notes.md</D:href>
    <D:propstat>
      <D:prop>
        <lp1:resourcetype/>
        <lp1:getetag>"2d-5f3c&quot;x"</lp1:getetag>
        <lp1:getlastmodified>Tue, 01 Oct 2024 10:00:00 GMT</lp1:getlastmodified>
      </D:prop>
      <D:status>HTTP/1.1 200 OK</D:status>
    </D:propstat>
    <D:propstat>
      <D:prop><D:getcontenttype/></D:prop>
      <D:status>HTTP/1.1 404 Not Found</D:status>
    </D:propstat>
  </D:response>
</D:multistatus>`,
  "default namespace, comments, attributes holding > and quotes": `<multistatus xmlns="DAV:"><!-- a comment with <tags> --><response a='x>y' b="it's"><href>/dav/a.txt</href><propstat><prop><resourcetype><collection/></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`,
  "one response, repeated non-array tags, mixed text": `<d:multistatus xmlns:d="DAV:"><d:response><d:href>/a</d:href><d:href>/b</d:href><d:propstat><d:prop><d:getetag>  "e" </d:getetag></d:prop>text<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`,
  empty: `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"/>`,
};

describe("parseXmlLite", () => {
  it.each(Object.entries(ANSWERS))("gives what fast-xml-parser gives for %s", (_server, xml) => {
    const lite = parseXmlLite(xml, isArray);
    expect(lite).toBeDefined();
    expect(multistatusOf(lite)).toEqual(multistatusOf(full.parse(xml)));
  });

  it("decodes character references, which fast-xml-parser (without its HTML entities) leaves as written", () => {
    const xml = `<multistatus><response><href>/dav/&#x263A;&#233;.txt</href></response></multistatus>`;
    expect(parseXmlLite(xml, isArray)).toEqual({ multistatus: { response: [{ href: "/dav/☺é.txt" }] } });
  });

  it.each([
    ["CDATA", `<multistatus><response><href><![CDATA[/a]]></href></response></multistatus>`],
    [
      "a DOCTYPE",
      `<!DOCTYPE multistatus [<!ENTITY x "y">]><multistatus><response><href>&x;</href></response></multistatus>`,
    ],
    ["an unknown entity", `<multistatus><response><href>/a&nbsp;b</href></response></multistatus>`],
    ["a bare ampersand", `<multistatus><response><href>/a&b</href></response></multistatus>`],
    ["a reference past Unicode", `<multistatus><response><href>/a&#x110000;</href></response></multistatus>`],
    ["a tag left open", `<multistatus><response><href>/a</href></multistatus>`],
    ["a tag closed out of turn", `<multistatus><response></href></response></multistatus>`],
    ["a tag without its end", `<multistatus><response`],
    ["an unended comment", `<multistatus><!-- …`],
  ])("leaves %s to fast-xml-parser (answers undefined)", (_what, xml) => {
    expect(parseXmlLite(xml, isArray)).toBeUndefined();
  });
});
