import type { CapturedDelivery, StandInPlatform } from "../check.ts";
import type { PlatformRoute } from "../fixtures/fixtures.ts";
import { DeliveryLog } from "./delivery-log.ts";
import { startSmtpSinkOnDemand } from "./load-smtp-sink.ts";
import { startHttpStandIn } from "./start-http-stand-in.ts";

/** The stand-in platform plus what only the runner does with it: program its routes once its URL is known. */
export interface RunningStandInPlatform extends StandInPlatform {
  setRoutes(routes: readonly PlatformRoute[]): void;
}

/**
 * Starts the runner's stand-in platform: an HTTP server and, when asked, an SMTP sink (loaded only then, D433), both
 * on 127.0.0.1 port 0.
 * @example const platform = await startStandInPlatform({ smtp: { users: { "bot@example.test": "pw" } } });
 */
export async function startStandInPlatform(
  options: { smtp?: { users?: Readonly<Record<string, string>> | undefined } } = {},
): Promise<RunningStandInPlatform> {
  const log = new DeliveryLog();
  const http = await startHttpStandIn(log);
  // A sink that cannot start (its optional packages missing, D433) takes the HTTP side down with it, or the process
  // would be kept alive by a listener nobody closes.
  const smtp =
    options.smtp === undefined
      ? undefined
      : await startSmtpSinkOnDemand(log, options.smtp.users).catch(async (error: unknown) => {
          log.close();
          await http.close();
          throw error;
        });
  return {
    url: http.url,
    ...(smtp === undefined ? {} : { smtp: { host: smtp.host, port: smtp.port } }),
    setRoutes: (routes) => http.setRoutes(routes),
    deliveries: () => log.all(),
    waitForDelivery: (match: (delivery: CapturedDelivery) => boolean, waitOptions = {}) =>
      log.wait(match, { timeoutMs: waitOptions.timeoutMs ?? 5_000, since: waitOptions.since ?? 0 }),
    failNext: (route, answer) =>
      http.armFailure({
        ...(route.method === undefined ? {} : { method: route.method }),
        path: route.path,
        ...(route.matches === undefined ? {} : { matches: route.matches }),
        status: answer.status,
        ...(answer.body === undefined ? {} : { body: answer.body }),
        ...(answer.delayMs === undefined ? {} : { delayMs: answer.delayMs }),
        remaining: answer.times ?? 1,
      }),
    redirectUnder: (prefix, location) => http.redirectUnder(prefix, location),
    dropUnder: (prefix) => http.dropUnder(prefix),
    clear: () => log.clear(),
    close: async () => {
      log.close();
      await Promise.all([http.close(), smtp?.close()]);
    },
  };
}
