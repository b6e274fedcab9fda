const MAX_SUBJECT = 78;

/**
 * The subject of a delivered mail: the first non-blank line of its text, shortened to 78 characters (the line
 * length RFC 5322 recommends), or "(no subject)". The contract's message has no subject of its own.
 */
export function subjectOf(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .find((candidate) => candidate.trim() !== "")
      ?.trim() ?? "";
  if (line === "") return "(no subject)";
  const chars = [...line];
  return chars.length <= MAX_SUBJECT ? line : `${chars.slice(0, MAX_SUBJECT - 1).join("")}…`;
}
