/** A stored callback_url as answers show it: any `user:password@` (refused at input since A15, D104) left out. */
export function withoutUserinfo(url: string | null): string | null {
  if (url === null || !url.includes("@")) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username === "" && parsed.password === "") return url;
    parsed.username = "";
    parsed.password = "";
    return parsed.href;
  } catch {
    return url;
  }
}
