import type { Manifest } from "@adapterkit/contract";

/** A credential field the adapter connects to: a URL, or a host (with the port field beside it, when there is one). */
export interface NetworkField {
  readonly name: string;
  readonly kind: "url" | "host";
  /** For a host: the field that holds its port, if the same credential has one. */
  readonly portField?: string;
}

// The manifest has no field types, so the name the adapter receives the value under decides (D341):
// `base_url`, `api_base_url`, `webhook_uri`, `endpoint` are URLs; `host`, `smtp_host`, `hostname`, `server` are hosts.
const URL_NAME = /(^|_)(url|uri|endpoint)$/i;
const HOST_NAME = /(^|_)(host|hostname|server)$/i;
const PORT_NAME = /(^|_)port$/i;

/** The credential fields of a manifest that name where the adapter connects, by the name it receives them under. */
export function networkFieldsOf(manifest: Manifest): NetworkField[] {
  const found: NetworkField[] = [];
  for (const definition of manifest.credentials ?? []) {
    const names = definition.fields?.map((field) => field.name) ?? [definition.maps_to ?? definition.key];
    const portField = names.find((name) => PORT_NAME.test(name));
    for (const name of names) {
      if (URL_NAME.test(name)) found.push({ name, kind: "url" });
      else if (HOST_NAME.test(name)) found.push({ name, kind: "host", ...(portField ? { portField } : {}) });
    }
  }
  return found;
}
