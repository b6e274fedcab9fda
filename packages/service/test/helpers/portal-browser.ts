/** A page as the portal answered it. */
export interface PortalPage {
  readonly status: number;
  readonly html: string;
  readonly location: string | null;
  readonly headers: Headers;
}

/** The CSRF token the page's forms carry, or undefined. */
export function csrfOf(html: string): string | undefined {
  return /name="csrf" value="([^"]+)"/.exec(html)?.[1];
}

/** A cookie-keeping client of the portal over plain fetch: what a browser without JavaScript does. */
export class PortalBrowser {
  cookie: string | undefined;
  csrf: string | undefined;

  constructor(readonly baseUrl: string) {}

  private async request(path: string, init: RequestInit): Promise<PortalPage> {
    const headers = new Headers(init.headers);
    if (this.cookie !== undefined) headers.set("cookie", this.cookie);
    const response = await fetch(`${this.baseUrl}${path}`, { ...init, headers, redirect: "manual" });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie !== null) {
      const pair = setCookie.split(";")[0] ?? "";
      this.cookie = /Max-Age=0/i.test(setCookie) ? undefined : pair;
    }
    const html = await response.text();
    this.csrf = csrfOf(html) ?? this.csrf;
    return { status: response.status, html, location: response.headers.get("location"), headers: response.headers };
  }

  /** GETs a path. */
  get(path: string): Promise<PortalPage> {
    return this.request(path, { method: "GET" });
  }

  /** POSTs an urlencoded form; the last page's CSRF token is added unless `csrf` is given (null: none). */
  post(path: string, fields: Record<string, string> = {}, csrf?: string | null): Promise<PortalPage> {
    const form = new URLSearchParams(fields);
    const token = csrf === undefined ? this.csrf : csrf;
    if (token !== null && token !== undefined) form.set("csrf", token);
    return this.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
  }

  /** POSTs a multipart form with one file field. */
  postFile(path: string, fields: Record<string, string>, file: { field: string; name: string; text: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (this.csrf !== undefined) form.set("csrf", this.csrf);
    form.set(file.field, new Blob([file.text], { type: "application/json" }), file.name);
    return this.request(path, { method: "POST", body: form });
  }

  /** Signs in with an API token and loads the Apps list (so the CSRF token is known). */
  async signIn(token: string): Promise<PortalPage> {
    const answer = await this.post("/developer/sign-in", { token }, null);
    if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
    await this.get("/developer/apps");
    return answer;
  }
}
