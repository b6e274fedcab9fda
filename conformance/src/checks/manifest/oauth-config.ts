import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";

/** `oauth_config` is present exactly when a credential is of type `oauth2`. */
export const oauthConfig: ConformanceCheck = {
  id: "manifest.oauth-config",
  group: "manifest",
  level: "required",
  rationale:
    "contract.md#oauth-config: the service drives the OAuth flow from oauth_config, which only an oauth2 credential needs.",
  appliesWhen: () => true,
  run: async (ctx) => {
    const raw = (ctx.manifestRaw ?? {}) as { credentials?: unknown; oauth_config?: unknown };
    const credentials = Array.isArray(raw.credentials) ? (raw.credentials as { type?: unknown }[]) : [];
    const oauthIndex = credentials.findIndex((credential) => credential?.type === "oauth2");
    const hasConfig = raw.oauth_config !== undefined;
    if (oauthIndex >= 0 === hasConfig) return passed();
    return failed([
      ctx.failure({
        endpoint: "GET /manifest.json",
        message: hasConfig
          ? "oauth_config is given but no credential is of type oauth2"
          : `credential /credentials/${oauthIndex} is oauth2 but oauth_config is missing`,
        pointer: hasConfig ? "/oauth_config" : `/credentials/${oauthIndex}/type`,
        expected: hasConfig
          ? "no oauth_config without an oauth2 credential"
          : "an oauth_config with authorize_url and token_url",
        actual: hasConfig ? "oauth_config present" : "(absent)",
        request: {},
      }),
    ]);
  },
};
