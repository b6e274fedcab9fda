import pg from "pg";

/** Passes every statement any pg client of this process sends, and its result, through `wrap` until `restore()`. */
export function wrapStatements(wrap: (text: string, result: unknown) => unknown) {
  const original = pg.Client.prototype.query;
  const query = original as unknown as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    const text = typeof config === "string" ? config : String((config as { text?: unknown } | undefined)?.text);
    return wrap(text, query.apply(this, args));
  } as unknown as typeof original;
  return {
    restore() {
      pg.Client.prototype.query = original;
    },
  };
}

/** Makes the connection seem lost just after a statement that begins with `mark` committed: its answer is an error. */
export const loseAnswersOf = (mark: string) =>
  wrapStatements((text, result) => {
    if (!text.startsWith(mark)) return result;
    return (result as Promise<unknown>).then(() => {
      throw new Error("Connection terminated unexpectedly");
    });
  });
