import type { TOOL_SERVER_ENDPOINTS } from "@adapterkit/contract";
import type { Caller, Target, World } from "./authorization-world.ts";
import { anyApiToken, type MatrixEntry, OWN, projectTokenOnly, unique } from "./matrix-entry.ts";

type ToolServerEndpointId = (typeof TOOL_SERVER_ENDPOINTS)[number]["id"];

/** The organization's tool servers: the target's organization has one, connected with its owner's project token. */
const TARGETS: readonly Target[] = ["own", "other-org"];
async function toolServerOf(w: World, t: Target): Promise<number> {
  const made = await w.test.call("/api/v1/tool-servers", {
    token: w.places[t].ownerToken,
    json: { name: unique("matrix-tools"), url: w.toolServerUrl },
  });
  if (made.status !== 201) throw new Error(`tool server: ${made.status} ${await made.text()}`);
  return ((await made.json()) as { id: number }).id;
}
/** Like a Skill (D193): any token of the organization reads; another organization's is 404. */
const read = (ok: number) => (caller: Caller, target: Target) =>
  caller === "none" || caller === "admin" ? 401 : target === "other-org" ? 404 : ok;
/** Changing one takes a project token (D119): a workflow token is 403 whatever it names. */
const change = (ok: number) => (caller: Caller, target: Target) =>
  caller === "workflow" ? 403 : read(ok)(caller, target);

/** The tool-server routes (A13; D190–D199), each against a real stand-in MCP server on loopback. */
export const TOOL_SERVER_MATRIX: { readonly [K in ToolServerEndpointId]: MatrixEntry } = {
  "create-tool-server": {
    targets: OWN,
    request: (w) => ({ path: "/api/v1/tool-servers", json: { name: unique("tools"), url: w.toolServerUrl } }),
    expect: projectTokenOnly(201),
  },
  "list-tool-servers": { targets: OWN, request: () => ({ path: "/api/v1/tool-servers" }), expect: anyApiToken(200) },
  "get-tool-server": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/tool-servers/${await toolServerOf(w, t)}` }),
    expect: read(200),
  },
  "refresh-tool-server": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/tool-servers/${await toolServerOf(w, t)}/refresh` }),
    expect: change(200),
  },
  "delete-tool-server": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/tool-servers/${await toolServerOf(w, t)}` }),
    expect: change(204),
  },
};
