/** The command that makes a token of the demo project, for a start that cannot show the old one (D467). */
export const NEW_TOKEN_COMMAND = "export ADAPTERKIT_TOKEN=$(npx adapterkit token create --project default)";

/** An ISO time as `npm start` prints it: minutes, UTC. */
export const toShownTime = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/**
 * The summary's lines about the demo (D463, D467): the token of a new demo; for a demo an earlier start made, that it
 * was found and kept (or what had to follow a moved stand-in), and a token only when asked for, else how to make one.
 */
export function demoLines(demo: {
  foundFrom: string | undefined;
  apiToken: string | undefined;
  changes: readonly string[];
}): string[] {
  const token =
    demo.apiToken !== undefined
      ? [`  API token (shown once)       ${demo.apiToken}`]
      : [
          "  API token                    not shown again: tokens are stored hashed. Make one (the commands below use it):",
          `                               ${NEW_TOKEN_COMMAND}`,
          "                               or start with `npm start -- --new-token`",
        ];
  if (demo.foundFrom === undefined) return token;
  const found = `  demo                         found the demo from ${toShownTime(demo.foundFrom)}`;
  if (demo.changes.length === 0) return [`${found}, kept as it was`, ...token];
  return [
    `${found}, kept as it was except what followed a moved stand-in or adapter:`,
    ...demo.changes.map((change) => `                               ${change}`),
    ...token,
  ];
}
