import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { freeStandInPort } from "@adapterkit/sdk/testing";
import { v2 as webdav } from "webdav-server";
import type { FilesCredentials } from "./webdav-settings.ts";

/** A folder tree for the stand-in: names to file contents (text or bytes) or to sub-folders. */
export interface DemoTree {
  [name: string]: string | Buffer | DemoTree;
}

/** Options of {@link startFilesStandIn}. */
export interface FilesStandInOptions {
  /** Port to listen on; default 0: a free one, in the `ADAPTERKIT_STANDIN_PORTS` range when that is set. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Accepted logins, username → password, each with every right; default the demo user only. */
  users?: Readonly<Record<string, string>>;
  /** The files served; default {@link DEMO_FILES}. */
  files?: DemoTree;
  /** Answer hrefs as paths (`/docs/a.md`) rather than full URLs, as some servers do; default false. */
  respondWithPaths?: boolean;
}

/** A running local WebDAV server standing in for a real one. */
export interface FilesStandIn {
  /** The server's base URL, ending in `/`. */
  readonly url: string;
  /** Working credentials for the files adapter against this server (the first user, by default the demo user). */
  readonly credentials: FilesCredentials;
  /** The folder the demo files live in: a ready `resource_path`. */
  readonly resourcePath: string;
  close(): Promise<void>;
}

/** The demo login of the stand-in. */
export const DEMO_FILES_USER = { username: "demo", password: "demo-password" } as const;

/** The demo tree: a few documents under /docs, and one file outside it. */
export const DEMO_FILES: DemoTree = {
  docs: {
    "welcome.md": "# Welcome\n\nThis folder is served by the adapterkit WebDAV stand-in.\n",
    "notes.txt": "Plain-text notes.\n",
    guides: { "getting-started.md": "# Getting started\n\n1. Install the App.\n2. Point a source at /docs.\n" },
    data: { "sample.json": '{"items":[1,2,3]}\n' },
  },
  "outside.txt": "Not part of /docs.\n",
};

/**
 * Starts a webdav-server (v2) instance that requires HTTP Basic authentication, grants its users everything and
 * serves an in-memory tree; tests change it over WebDAV itself (PUT, DELETE).
 * @example const dav = await startFilesStandIn(); // dav.credentials, dav.resourcePath === "/docs"
 */
export async function startFilesStandIn(options: FilesStandInOptions = {}): Promise<FilesStandIn> {
  const logins = Object.entries(options.users ?? { [DEMO_FILES_USER.username]: DEMO_FILES_USER.password });
  const users = new webdav.SimpleUserManager();
  const privileges = new webdav.SimplePathPrivilegeManager();
  for (const [username, password] of logins)
    privileges.setRights(users.addUser(username, password, false), "/", ["all"]);
  const host = options.host ?? "127.0.0.1";
  const server = new webdav.WebDAVServer({
    requireAuthentification: true,
    httpAuthentication: new webdav.HTTPBasicAuthentication(users, "adapterkit stand-in"),
    privilegeManager: privileges,
    hostname: host,
    port: options.port || (await freeStandInPort(host)),
    respondWithPaths: options.respondWithPaths ?? false,
  });
  await new Promise<void>((resolve, reject) => {
    server
      .rootFileSystem()
      .addSubTree(server.createExternalContext(), options.files ?? DEMO_FILES, (error) =>
        error ? reject(error) : resolve(),
      );
  });
  const http = await new Promise<Server>((resolve) => server.start((started) => resolve(started as Server)));
  const { port } = http.address() as AddressInfo;
  const url = `http://${host}:${port}/`;
  const [username, password] = logins[0] ?? [DEMO_FILES_USER.username, DEMO_FILES_USER.password];
  return {
    url,
    credentials: { base_url: url, username, password },
    resourcePath: "/docs",
    close: () => new Promise<void>((resolve) => server.stop(() => resolve())),
  };
}
