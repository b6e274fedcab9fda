const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

// biome-ignore lint/complexity/useRegexLiterals: a literal would need control characters, which biome also refuses.
const CONTROL = new RegExp("[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]", "g");

/**
 * Text made safe for HTML element content and quoted attribute values: markup characters become entities and
 * control characters (which HTML forbids) become U+FFFD, so nothing an adapter answered can open a tag.
 */
export function escapeHtml(text: string | number): string {
  return String(text)
    .replace(CONTROL, "\uFFFD")
    .replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
