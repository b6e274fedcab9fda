/** An element's value as fast-xml-parser gives it (with `removeNSPrefix`, `parseTagValue: false`): text or children. */
type XmlValue = string | { [name: string]: XmlValue | XmlValue[] };

interface OpenElement {
  readonly name: string;
  readonly children: Map<string, XmlValue[]>;
  text: string;
}

const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|apos|quot));/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", apos: "'", quot: '"' };

/**
 * Parses the plain XML a PROPFIND answer is into the same object fast-xml-parser makes of it with the options
 * `propfind` uses (namespace prefixes dropped, attributes ignored, text trimmed, `isArray` names always arrays), at a
 * fraction of its cost (D305). It takes elements, attributes, text, the five XML entities, character references,
 * comments and processing instructions; anything else (CDATA, a DOCTYPE, an unknown entity, a tag left open or closed
 * out of turn) answers undefined, and the caller parses with fast-xml-parser instead.
 */
export function parseXmlLite(xml: string, isArray: (name: string) => boolean): Record<string, unknown> | undefined {
  const root: OpenElement = { name: "", children: new Map(), text: "" };
  const stack: OpenElement[] = [root];
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf("<", at);
    const top = stack[stack.length - 1] as OpenElement;
    if (open === -1 || open > at) {
      const text = decode(xml.slice(at, open === -1 ? xml.length : open));
      if (text === undefined) return undefined;
      top.text += text;
      if (open === -1) break;
    }
    if (xml.startsWith("<?", open) || xml.startsWith("<!--", open)) {
      const end = xml.indexOf(xml[open + 1] === "?" ? "?>" : "-->", open + 2);
      if (end === -1) return undefined;
      at = end + (xml[open + 1] === "?" ? 2 : 3);
      continue;
    }
    if (xml[open + 1] === "!") return undefined;
    const close = tagEnd(xml, open + 1);
    if (close === -1) return undefined;
    const tag = xml.slice(open + 1, close);
    at = close + 1;
    if (tag.startsWith("/")) {
      const element = stack.pop() as OpenElement;
      if (stack.length === 0 || element.name !== localName(tag.slice(1).trim())) return undefined;
      add(stack[stack.length - 1] as OpenElement, element, isArray);
      continue;
    }
    const selfClosing = tag.trimEnd().endsWith("/");
    const name = localName(/^[^\s/]+/.exec(tag)?.[0] ?? "");
    if (name === "") return undefined;
    const element: OpenElement = { name, children: new Map(), text: "" };
    if (selfClosing) add(top, element, isArray);
    else stack.push(element);
  }
  if (stack.length !== 1) return undefined;
  return toValue(root, isArray) as Record<string, unknown>;
}

// The `>` that ends a tag, past any quoted attribute value (which may hold one).
function tagEnd(xml: string, from: number): number {
  let quote = "";
  for (let index = from; index < xml.length; index += 1) {
    const char = xml[index];
    if (quote !== "") {
      if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ">") return index;
  }
  return -1;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(":");
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}

function decode(text: string): string | undefined {
  if (!text.includes("&")) return text;
  let valid = true;
  const decoded = text.replace(ENTITY, (_entity, hex?: string, decimal?: string, named?: string) => {
    if (named !== undefined) return NAMED[named] as string;
    const code = Number.parseInt(hex ?? decimal ?? "", hex === undefined ? 10 : 16);
    if (code > 0x10ffff) valid = false;
    return valid ? String.fromCodePoint(code) : "";
  });
  // An entity this does not know (one a DOCTYPE would define) is left to the full parser.
  return valid && !text.replace(ENTITY, "").includes("&") ? decoded : undefined;
}

function add(parent: OpenElement, element: OpenElement, isArray: (name: string) => boolean): void {
  const value = toValue(element, isArray);
  const values = parent.children.get(element.name);
  if (values === undefined) parent.children.set(element.name, [value]);
  else values.push(value);
}

function toValue(element: OpenElement, isArray: (name: string) => boolean): XmlValue {
  const text = element.text.trim();
  if (element.children.size === 0) return text;
  const value: { [name: string]: XmlValue | XmlValue[] } = {};
  for (const [name, values] of element.children) {
    value[name] = values.length === 1 && !isArray(name) ? (values[0] as XmlValue) : values;
  }
  if (text !== "") value["#text"] = text;
  return value;
}
