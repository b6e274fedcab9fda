/** A child process's setting from its parent: the environment variable's value, or an error naming it. */
export function env(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}
