import { SERVICE_ENDPOINTS } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { matchRoute } from "./match-route.ts";

describe("matchRoute", () => {
  it("finds endpoints of the contract's table with their parameters", () => {
    expect(matchRoute("POST", "/api/v1/trigger")).toEqual({ kind: "found", id: "trigger", params: {} });
    expect(matchRoute("POST", "/api/v1/hooks/abc")).toEqual({ kind: "found", id: "hook", params: { token: "abc" } });
    expect(matchRoute("GET", "/api/v1/triggers/7/runs")).toEqual({
      kind: "found",
      id: "list-trigger-runs",
      params: { id: "7" },
    });
    expect(matchRoute("POST", "/api/v1/triggers/7/enable")).toMatchObject({ id: "enable-trigger" });
  });

  it("tells a wrong method from an unknown path", () => {
    expect(matchRoute("GET", "/api/v1/trigger")).toEqual({ kind: "wrong-method", allow: ["POST"] });
    expect(matchRoute("PUT", "/api/v1/workflows/1")).toEqual({ kind: "wrong-method", allow: ["GET", "PATCH"] });
    expect(matchRoute("POST", "/api/v2/trigger")).toEqual({ kind: "none" });
    expect(matchRoute("POST", "/api/v1/hooks/a/b")).toEqual({ kind: "none" });
  });

  it("decodes parameters and keeps a malformed escape as it is", () => {
    expect(matchRoute("POST", "/api/v1/hooks/a%20b")).toMatchObject({ params: { token: "a b" } });
    expect(matchRoute("POST", "/api/v1/hooks/%E0%A4%A")).toMatchObject({ params: { token: "%E0%A4%A" } });
  });

  it("matches a path's literal text as written and finds routes far down the table", () => {
    expect(matchRoute("GET", "/api/v1/openapi.json")).toEqual({ kind: "found", id: "get-openapi", params: {} });
    expect(matchRoute("GET", "/api/v1/openapiXjson")).toEqual({ kind: "none" });
    expect(matchRoute("POST", "/api/v1/apps/inst_1/inbound/")).toEqual({
      kind: "found",
      id: "inbound",
      params: { installation_id: "inst_1" },
    });
  });

  it("answers as a scan of the whole table would, for every route's path in every method", () => {
    // The oracle: every route's expression in the table's order, the first match of the method winning. It checks the
    // index by shape; the expressions are built as the router builds them.
    const scan = (method: string, path: string) => {
      const allow: string[] = [];
      for (const endpoint of SERVICE_ENDPOINTS) {
        const source = endpoint.path
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join("([^/]+)");
        if (!new RegExp(`^${source}/?$`).test(path)) continue;
        if (endpoint.method === method) return endpoint.id;
        allow.push(endpoint.method);
      }
      return allow.length > 0 ? allow : "none";
    };
    const paths = SERVICE_ENDPOINTS.flatMap((endpoint) => {
      const filled = endpoint.path.replace(/\{\w+\}/g, "x1");
      return [filled, `${filled}/`, `${filled}//`, `${filled}/x2`, filled.replace(/\/[^/]*$/, "")];
    });
    for (const path of [...paths, "/", "", "/api", "/api/v1", "/api/v1/"]) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const found = matchRoute(method, path);
        const answer = found.kind === "found" ? found.id : found.kind === "wrong-method" ? found.allow : "none";
        expect(answer, `${method} ${path}`).toEqual(scan(method, path));
      }
    }
  });
});
