import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { finishAuthorization } from "./finish-authorization.ts";
import { startAuthorization } from "./start-authorization.ts";

/** An OAuth App's client at a local stand-in, and the "browser" that takes the authorization to its callback. */
export interface DemoOAuth {
  readonly client_id: string;
  readonly client_secret: string;
  /** Follows the authorize URL as the user's browser would; resolves with the redirect to `/oauth/callback`. */
  authorize(authorizeUrl: string): Promise<URL>;
}

/**
 * `npm start` (D132): connects the demo organization's account of an OAuth App through the very flow a person would
 * use (authorize URL, the stand-in's demo user approving, the callback), so its installation works from the start.
 */
export async function connectDemoAccount(
  context: GroundContext,
  principal: Principal,
  app: string,
  oauth: DemoOAuth,
): Promise<void> {
  const started = await startAuthorization(context, principal, {
    app,
    client_id: oauth.client_id,
    client_secret: oauth.client_secret,
  });
  const callback = await oauth.authorize(started.authorize_url);
  await finishAuthorization(context, callback.searchParams);
}
