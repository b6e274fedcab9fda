import { adapterBaseUrlSchema, type ProblemIssue } from "@adapterkit/contract";
import { previewApp } from "../../apps/preview-app.ts";
import { registerAppAt } from "../../apps/register-app-at.ts";
import { isServiceError } from "../../errors/service-error.ts";
import { toFieldProblems, toManifestFields } from "../manifest-view.ts";
import { type PortalAnswer, type PortalRoute, page, redirect, sessionOf } from "../portal-route.ts";

const FRAME = { title: "New App", section: "developer" } as const;

// The page again, with the base URL field's error (422: the URL does not lead to an adapter that can be listed) and,
// when the manifest broke the contract, each of its fields that did.
function again(baseUrl: string, error: string, status = 422, fieldIssues: readonly ProblemIssue[] = []): PortalAnswer {
  const manifestProblems = fieldIssues.map((issue) => ({
    field: issue.path || "(the whole body)",
    message: issue.message,
  }));
  return page("newApp", FRAME, { baseUrl, error, manifestProblems }, status);
}

function readBaseUrl(value: string | undefined): { ok: true; url: string } | { ok: false; error: string } {
  const parsed = adapterBaseUrlSchema.safeParse((value ?? "").trim());
  if (parsed.success) return { ok: true, url: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? "expected an http(s) URL" };
}

/**
 * D390: the outbound guard's refusal of a loopback or private address says how an operator allows it, so an author
 * trying a local adapter knows it is the instance's setting and not their adapter.
 */
export function withAllowedHostsHint(message: string): string {
  if (!/^base_url: /.test(message) || message.includes("ADAPTERKIT_ALLOWED_HOSTS")) return message;
  if (!/not a public address|local or metadata host/.test(message)) return message;
  return `${message}; the service only calls such an address when its operator lists the host in ADAPTERKIT_ALLOWED_HOSTS (for example ADAPTERKIT_ALLOWED_HOSTS=127.0.0.1:3100)`;
}

/** Runs a step that calls the adapter; its refusal is shown at the base URL field. */
async function atBaseUrl(baseUrl: string, step: () => Promise<PortalAnswer>): Promise<PortalAnswer> {
  try {
    return await step();
  } catch (error) {
    if (!isServiceError(error) || error.code === "not_found") throw error;
    const issues = error.code === "adapter_failed" ? (error.errors ?? []) : [];
    return again(baseUrl, withAllowedHostsHint(error.message), 422, issues);
  }
}

/** `GET /developer/new-app`. */
export const newAppPage: PortalRoute = {
  method: "GET",
  pattern: "/developer/new-app",
  signedIn: true,
  async handle() {
    return page("newApp", FRAME, { baseUrl: "" });
  },
};

/** `POST /developer/new-app`: fetches the manifest and health and shows the preview (creates nothing). */
export const previewNewApp: PortalRoute = {
  method: "POST",
  pattern: "/developer/new-app",
  signedIn: true,
  async handle(request, context) {
    const given = request.form.get("base_url") ?? "";
    const read = readBaseUrl(given);
    if (!read.ok) return again(given, read.error, 400);
    return atBaseUrl(read.url, async () => {
      const preview = await previewApp(context, sessionOf(request).principal, read.url);
      const problems = toFieldProblems(preview.problems);
      const manifestFields = toManifestFields(preview.manifest, problems);
      return page("newApp", FRAME, { baseUrl: read.url, preview: { ...preview, problems }, manifestFields });
    });
  },
};

/** `POST /developer/apps`: Create draft, then the App's page. */
export const createDraft: PortalRoute = {
  method: "POST",
  pattern: "/developer/apps",
  signedIn: true,
  async handle(request, context) {
    const given = request.form.get("base_url") ?? "";
    const read = readBaseUrl(given);
    if (!read.ok) return again(given, read.error, 400);
    return atBaseUrl(read.url, async () => {
      const app = await registerAppAt(context, sessionOf(request).principal, read.url);
      return redirect(`/developer/apps/${app.slug}`);
    });
  },
};
