import { appTarget } from "../adapters/app-target.ts";
import { adapterClientFor } from "../adapters/call-adapter.ts";
import type { Principal } from "../auth/principal.ts";
import { withAppTables } from "./app-tables.ts";
import type { AppsContext } from "./apps-context.ts";
import { authorizeAppManagement } from "./authorize-app-management.ts";
import { getOwnApp } from "./find-app.ts";

/** How the adapter took an unsigned and a signed call, in words the App's page shows (D590). */
export interface SigningCheck {
  /** Whether the adapter refused the unsigned call and took the one signed with the App's current secret. */
  readonly ok: boolean;
  readonly outcome: "checks signatures" | "accepts unsigned calls" | "refuses the App's secret" | "inconclusive";
  readonly detail: string;
}

const statusOf = (response: { status: number } | null) => (response === null ? "no answer" : String(response.status));

/**
 * D590: sends the adapter's `/verify` one call without a signature and one signed with the App's current secret only
 * (not the previous one a rotation keeps accepted), and records what it saw: refused then taken is the evidence the
 * checklist's first step needs; an unsigned call taken withdraws any evidence. Only 401 says a signature was refused:
 * any other answer below 500 (a 400 for the empty credentials included) means the call got past the check.
 */
export async function checkAppSigning(context: AppsContext, principal: Principal, slug: string): Promise<SigningCheck> {
  const organizationId = authorizeAppManagement(principal);
  const app = await getOwnApp(context.store.db, principal, slug);
  const target = appTarget(context, app, { organizationId, projectId: null });
  const client = adapterClientFor(context, { ...target, signingSecrets: target.signingSecrets?.slice(0, 1) ?? [] });
  const body = { credentials: {} };
  const [unsigned, signed] = await Promise.all([
    client.call("verify", body, { signature: false }),
    client.call("verify", body),
  ]).finally(() => client.close());
  const [before, after] = [unsigned.response?.status, signed.response?.status];
  const seen = `an unsigned call was answered ${statusOf(unsigned.response)}, a signed one ${statusOf(signed.response)}`;
  let check: SigningCheck;
  // Anything but 401 (and an endpoint that is not there, or a crash) means the call got past the signature check.
  const passedUnsigned = before !== undefined && before !== 401 && before !== 404 && before !== 405 && before < 500;
  if (passedUnsigned) {
    check = {
      ok: false,
      outcome: "accepts unsigned calls",
      detail: `Your adapter accepts unsigned calls (${seen}): set ADAPTER_SIGNING_SECRET to the App's signing secret and deploy again.`,
    };
  } else if (before === 401 && after === 401) {
    check = {
      ok: false,
      outcome: "refuses the App's secret",
      detail: `The adapter refuses calls signed with the App's current secret (${seen}): its ADAPTER_SIGNING_SECRET is another secret (an older one after a rotation?).`,
    };
  } else if (before === 401 && after !== undefined && after !== 404 && after !== 405 && after < 500) {
    check = {
      ok: true,
      outcome: "checks signatures",
      detail: `The adapter checks signatures with the App's secret: ${seen}.`,
    };
  } else {
    check = {
      ok: false,
      outcome: "inconclusive",
      detail: `Nothing could be concluded: ${seen}. A review judges it too.`,
    };
  }
  if (check.outcome !== "inconclusive") {
    const at = context.now().toISOString();
    await withAppTables(context.store.db)
      .updateTable("apps")
      .set(
        check.ok
          ? { signing_verified_at: at, signing_verified_by: "signing check" }
          : { signing_verified_at: null, signing_verified_by: null },
      )
      .where("id", "=", app.id)
      .execute();
  }
  return check;
}
