import type { ServiceContext } from "../service-context.ts";
import type { PortalSession } from "./portal-session.ts";
import type { FormFields } from "./read-form.ts";
import type { PageFrame, PageName } from "./render-page.ts";

/** What a portal page handler sees of a request. */
export interface PortalRequest {
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly form: FormFields;
  /** Set on every route but sign-in and the stylesheet. */
  readonly session: PortalSession | undefined;
  readonly secure: boolean;
  /** The client's address, the key of the sign-in limit (D292). */
  readonly client: string;
}

/** What a portal page handler answers. */
export type PortalAnswer =
  | {
      readonly kind: "page";
      readonly status: number;
      readonly page: PageName;
      readonly frame: PageFrame;
      readonly data: Record<string, unknown>;
      readonly headers?: Readonly<Record<string, string>>;
      /** Origins besides the portal's own that a form of the page ends up at (D351: OAuth Connect's provider). */
      readonly formTargets?: readonly string[];
    }
  | { readonly kind: "redirect"; readonly location: string; readonly setCookie?: string | undefined }
  | {
      readonly kind: "file";
      readonly status: number;
      readonly contentType: string;
      readonly body: string;
      readonly headers?: Readonly<Record<string, string>>;
    };

/** One portal route: a method, a path pattern with `:params`, and its handler. */
export interface PortalRoute {
  readonly method: "GET" | "POST";
  readonly pattern: string;
  /** false for the pages a signed-out browser may see. */
  readonly signedIn: boolean;
  handle(request: PortalRequest, context: ServiceContext): Promise<PortalAnswer>;
}

/** The session of a route that requires one (the router guarantees it). */
export function sessionOf(request: PortalRequest): PortalSession {
  if (request.session === undefined) throw new Error("portal route without a session");
  return request.session;
}

/** A page answer. */
export function page(name: PageName, frame: PageFrame, data: Record<string, unknown>, status = 200): PortalAnswer {
  return { kind: "page", status, page: name, frame, data };
}

/** A 303 See Other to a portal path. */
export function redirect(location: string, setCookie?: string): PortalAnswer {
  return { kind: "redirect", location, setCookie };
}
