import { describe, expect, it } from "vitest";
import { buildAuthorizeUrl } from "./build-authorize-url.ts";

const params = {
  client_id: "c1",
  redirect_uri: "https://svc.example/oauth/callback",
  state: "s.t",
  code_challenge: "ch",
};

describe("buildAuthorizeUrl", () => {
  it("joins scopes with the manifest's separator and adds its extra parameters and PKCE S256", () => {
    const url = new URL(
      buildAuthorizeUrl(
        {
          authorize_url: "https://auth.example/authorize?tenant=t1",
          token_url: "https://auth.example/token",
          scopes: ["read", "write"],
          scope_separator: ",",
          extra_authorize_params: { access_type: "offline", prompt: "consent" },
        },
        params,
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: "t1",
      access_type: "offline",
      prompt: "consent",
      response_type: "code",
      client_id: "c1",
      redirect_uri: "https://svc.example/oauth/callback",
      state: "s.t",
      code_challenge: "ch",
      code_challenge_method: "S256",
      scope: "read,write",
    });
  });

  it("joins with a space by default, sends no scope without scopes, and never lets extra parameters replace the protocol's", () => {
    const spaced = new URL(
      buildAuthorizeUrl(
        { authorize_url: "https://a.example/auth", token_url: "https://a.example/t", scopes: ["a", "b"] },
        params,
      ),
    );
    expect(spaced.searchParams.get("scope")).toBe("a b");
    const bare = new URL(
      buildAuthorizeUrl(
        {
          authorize_url: "https://a.example/auth",
          token_url: "https://a.example/t",
          extra_authorize_params: { state: "forged", code_challenge_method: "plain", scope: "x" },
        },
        params,
      ),
    );
    expect(bare.searchParams.get("state")).toBe("s.t");
    expect(bare.searchParams.get("code_challenge_method")).toBe("S256");
    expect(bare.searchParams.has("scope")).toBe(false);
  });
});
