import type { AdapterClient } from "@adapterkit/client";
import type { Credentials, Manifest } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { AdapterTarget } from "../adapters/adapter-target.ts";
import type { AppRow } from "../apps/app-tables.ts";
import type { InstallationRow } from "../installations/installation-tables.ts";
import type { Database } from "../store/index.ts";
import type { AppEventCandidates } from "./match-app-event.ts";

// Types only, imported by service-context.ts: a file here that imported the context would tie the two in a cycle.

/** An installation that takes inbound events, with its App and the manifest of the version it pins. */
export interface OpenInstallation {
  readonly installation: InstallationRow;
  readonly app: AppRow;
  readonly manifest: Manifest;
}

/** How an open installation's adapter is called: its credentials, target and one client (on the shared pool). */
export interface InboundCall {
  readonly credentials: Credentials;
  readonly target: AdapterTarget;
  readonly client: AdapterClient;
}

/** An open installation as the inbound path keeps it: the rows, and how to call its adapter once that is known. */
export interface CachedInstallation extends OpenInstallation {
  /** Credentials opened and the client built on first use; a failure (e.g. a revoked grant, 409) is not kept. */
  call(): Promise<InboundCall>;
}

/** Per-installation reads of the inbound path kept in memory (D176). */
export interface InboundCache {
  /**
   * The installation opened as openInstallation does (404, 410, 404 for an App that does not receive). On
   * PostgreSQL the store's generation is read first (D420), once for every call of the same tick; `checked` skips
   * that read for a caller that opened the same installation earlier in the same request.
   */
  open(id: string, options?: { readonly checked?: boolean }): Promise<CachedInstallation>;
  /**
   * An installation's enabled app-event triggers for one event type, with their workflows (D634), kept as the
   * installations are: forgotten with them, and on PostgreSQL when the generation moves (a trigger's matched columns
   * or a workflow written). Not read against the generation again: the event was admitted by `open`. A read goes
   * through `db`, the caller's transaction when it has one.
   */
  candidates(db: Kysely<Database>, installationId: string, eventType: string): Promise<AppEventCandidates>;
  /** Drops everything: called after anything that may have changed an installation, its App, credentials, triggers. */
  forget(): void;
}
