import { randomBytes } from "node:crypto";
import Handlebars from "handlebars";
import { iconSvg } from "./icon-svg.ts";
import { toTimeView } from "./pages/readable-time.ts";
import { PORTAL_CSS_PATH } from "./portal-css.ts";
import { APP_PAGE } from "./templates/app-page.ts";
import { CONFIRM_PAGE } from "./templates/confirm-page.ts";
import { APPS_PAGE, MANIFEST_FIELDS, NEW_APP_PAGE } from "./templates/developer-pages.ts";
import { ERROR_PAGE, SIGN_IN_PAGE } from "./templates/errors.ts";
import { EVENT_PAGE } from "./templates/event-page.ts";
import { INSTALLATION_PAGE } from "./templates/installation-page.ts";
import { LAYOUT, PARTIALS } from "./templates/layout.ts";
import { LIVE_PROGRESS_SCRIPT } from "./templates/live-progress-script.ts";
import { INSTALL_PAGE, MARKETPLACE_PAGE } from "./templates/marketplace-pages.ts";
import { OUTBOUND_PARTIALS } from "./templates/outbound-partials.ts";
import { REVIEW_PAGE } from "./templates/review-page.ts";
import { RUN_PAGE } from "./templates/run-page.ts";

// One Handlebars environment for the portal, escaping by default (D231: no triple-stash on data anywhere).
const handlebars = Handlebars.create();
handlebars.registerHelper("eq", (left: unknown, right: unknown) => left === right);
handlebars.registerHelper("gt", (left: unknown, right: unknown) => Number(left) > Number(right));
// A value as a class name's tail: lowercase letters, digits and dashes only.
handlebars.registerHelper("slugOf", (value: unknown) =>
  String(value)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-"),
);
// A manifest's icon name picks one of the portal's own drawings; the name itself never becomes markup.
handlebars.registerHelper("icon", (name: unknown) => new Handlebars.SafeString(iconSvg(String(name))));
// D594: every instant the portal shows, one way: relative words, the exact time with its zone in the title and datetime.
handlebars.registerHelper("time", (value: unknown, options: Handlebars.HelperOptions) => {
  const root = options.data?.root as { now?: unknown } | undefined;
  const now = root?.now instanceof Date ? root.now : new Date();
  const view = typeof value === "string" ? toTimeView(value, now) : undefined;
  if (view === undefined) return "—";
  const escaped = Handlebars.escapeExpression;
  return new Handlebars.SafeString(
    `<time datetime="${escaped(view.datetime)}" title="${escaped(view.exact)}">${escaped(view.relative)}</time>`,
  );
});
for (const [name, source] of Object.entries({ ...PARTIALS, ...OUTBOUND_PARTIALS, manifestFields: MANIFEST_FIELDS })) {
  handlebars.registerPartial(name, handlebars.compile(source, { strict: false }));
}

const PAGES = {
  signIn: SIGN_IN_PAGE,
  error: ERROR_PAGE,
  apps: APPS_PAGE,
  newApp: NEW_APP_PAGE,
  app: APP_PAGE,
  review: REVIEW_PAGE,
  marketplace: MARKETPLACE_PAGE,
  install: INSTALL_PAGE,
  installation: INSTALLATION_PAGE,
  event: EVENT_PAGE,
  confirm: CONFIRM_PAGE,
  run: RUN_PAGE,
} as const;

/** A portal page template's name. */
export type PageName = keyof typeof PAGES;

const compiled = new Map(Object.entries(PAGES).map(([name, source]) => [name, handlebars.compile(source)]));
const layout = handlebars.compile(LAYOUT);

/** What the layout needs besides the page's own data. */
export interface PageFrame {
  readonly title: string;
  readonly section?: "developer" | "marketplace" | undefined;
  readonly csrf?: string | undefined;
  /** The instant relative times are counted from (the service's clock). */
  readonly now?: Date | undefined;
  /** Whether the page runs the live-progress script (a running review's page). */
  readonly liveProgress?: boolean | undefined;
}

/** A rendered page and the nonce its script runs under (undefined when it runs none). */
export interface RenderedPage {
  readonly html: string;
  readonly nonce: string | undefined;
}

/** Renders a page inside the layout; every value is escaped by Handlebars. */
export function renderPage(name: PageName, frame: PageFrame, data: Record<string, unknown>): RenderedPage {
  const template = compiled.get(name);
  if (template === undefined) throw new Error(`no portal page ${name}`);
  const root = { ...data, csrf: frame.csrf, now: frame.now };
  const body = new Handlebars.SafeString(template(root));
  const nonce = frame.liveProgress === true ? randomBytes(16).toString("hex") : undefined;
  const script = nonce === undefined ? undefined : new Handlebars.SafeString(LIVE_PROGRESS_SCRIPT);
  const html = layout({ ...frame, signedIn: frame.csrf !== undefined, cssHref: PORTAL_CSS_PATH, body, nonce, script });
  return { html, nonce };
}
