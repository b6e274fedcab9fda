import type { Adapter } from "../define/define-adapter.ts";
import type { ManifestInput } from "../define/manifest-input.ts";
import { type StartedAdapter, startAdapter } from "./start-adapter.ts";

/**
 * Starts an adapter as {@link startAdapter} does, runs `use` with it and closes it again, whatever `use` does.
 * @example const body = await withAdapter(chatAdapter, {}, async ({ client }) => (await client.verify(request)).body);
 */
export async function withAdapter<M extends ManifestInput, T>(
  adapter: Adapter<M>,
  options: Parameters<typeof startAdapter>[1],
  use: (started: StartedAdapter<M>) => Promise<T>,
): Promise<T> {
  const started = await startAdapter(adapter, options);
  try {
    return await use(started);
  } finally {
    await started.close();
  }
}
