/**
 * Plays the user's browser at the stand-in: follows an authorization URL through the stand-in's redirects,
 * carrying its cookies, and returns the address it finally sends the browser to (the client's redirect URI with
 * `code` and `state`, or with `error`) without visiting it.
 * @example const callback = await followAuthorization(start.authorize_url); await fetch(callback);
 */
export async function followAuthorization(authorizeUrl: string): Promise<URL> {
  const origin = new URL(authorizeUrl).origin;
  const cookies = new Map<string, string>();
  let url = new URL(authorizeUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: "manual",
      headers: cookies.size === 0 ? {} : { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get("location");
    await response.body?.cancel();
    if (location === null) throw new Error(`the authorization server answered ${response.status} without a redirect`);
    url = new URL(location, url);
    if (url.origin !== origin) return url;
  }
  throw new Error("the authorization server redirected more than 10 times");
}
