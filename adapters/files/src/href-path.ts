// A path of plain segments (none a dot segment, nothing the URL parser would escape or resolve), alone or after
// the origin that was asked: its URL's path is itself. Most hrefs are such, and skip the URL parser (D305).
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~%-]*)*\/?$/;

/** The URL path an href names, resolved against the request's URL; undefined for one that is not a URL. */
export function hrefPath(href: string, requestUrl: URL): string | undefined {
  const trimmed = href.trim();
  const path = trimmed.startsWith(`${requestUrl.origin}/`) ? trimmed.slice(requestUrl.origin.length) : trimmed;
  if (path.startsWith("/") && PLAIN_PATH.test(path)) return path;
  // A fragment or query never belongs to a DAV href; some servers leave # and ? in names unescaped.
  const escaped = trimmed.replaceAll("#", "%23").replaceAll("?", "%3F");
  // Only the path counts: servers behind a proxy often write hrefs with their inner host name.
  return URL.canParse(escaped, requestUrl.href) ? new URL(escaped, requestUrl).pathname : undefined;
}
