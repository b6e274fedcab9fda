import type { NetworkField } from "./network-fields.ts";

/** Where a probe aims a field: a host (a name, or an address in URL form) and port, or a whole URL for URL fields. */
export type Aim = { readonly host: string; readonly port: number } | { readonly url: string };

/**
 * The credential values that point one network field somewhere: a URL field gets the URL (or `http://host:port/…`),
 * a host field `host:port`, or the host and its port field apart when the credential has one. A whole URL aimed at a
 * host field is reduced to its host and port.
 */
export function aimField(field: NetworkField, aim: Aim): Record<string, string> {
  const target = "url" in aim ? new URL(aim.url) : undefined;
  if (field.kind === "url") {
    return { [field.name]: target?.href ?? `http://${(aim as { host: string }).host}:${portOf(aim)}/conformance/` };
  }
  const host = target?.hostname ?? (aim as { host: string }).host;
  const port = portOf(aim);
  if (field.portField === undefined) return { [field.name]: `${host}:${port}` };
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  return { [field.name]: bare, [field.portField]: String(port) };
}

function portOf(aim: Aim): number {
  if (!("url" in aim)) return aim.port;
  const url = new URL(aim.url);
  return Number(url.port || (url.protocol === "https:" ? 443 : 80));
}
