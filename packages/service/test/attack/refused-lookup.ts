import type dns from "node:dns";

/**
 * A name lookup for the service under fuzz: every name resolves to 10.0.0.1, a private address the outbound guard
 * refuses, so a generated adapter or OAuth URL naming a host never reaches beyond this machine (nor any resolver).
 */
export const refusedLookup = ((_hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all === true;
  if (all) done(null, [{ address: "10.0.0.1", family: 4 }]);
  else done(null, "10.0.0.1", 4);
}) as unknown as typeof dns.lookup;
