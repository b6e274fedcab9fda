/**
 * Outline drawings (24×24, drawn for the portal) for the icon names the sample manifests use; a manifest's `icon`
 * is a name (contract.md#manifest-fields), and a name no drawing here has gets the default, the puzzle piece. Only
 * these fixed strings reach the page, never the manifest's text (the `icon` helper of render-page.ts; D231 holds: no
 * data is inserted unescaped).
 */
const DRAWINGS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    "puzzle-piece": "M4 8h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4H4z",
    envelope: "M3 6h18v12H3z M3 6l9 7 9-7",
    "check-circle": "M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z M8 12.5l2.5 2.5 5.5-5.5",
    folder: "M3 7a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z",
    "arrows-right-left": "M4 8h15 M15 4l4 4-4 4 M20 16H5 M9 12l-4 4 4 4",
    "chat-bubble-left-right": "M3 4h12v8H8l-5 4z M9 14v2h7l5 4V8h-3",
  }),
);

/** The icon `name` as an inline SVG hidden from assistive technology (the App's name is next to it). */
export function iconSvg(name: string): string {
  // A Map, so that "constructor" or "__proto__" is a name like any other.
  const drawing = DRAWINGS.get(name) ?? DRAWINGS.get("puzzle-piece");
  return `<svg class="icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${drawing}"/></svg>`;
}
