import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { fixturesSchema } from "../fixtures/fixtures-schema.ts";
import { renderSchemaFiles } from "./render-schema-files.ts";

const rendered = renderSchemaFiles();
const committed = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), "utf8");
const strictAjv = () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  return ajv;
};

describe("renderSchemaFiles", () => {
  it.each(
    Object.keys(rendered),
  )("matches the committed %s (run `npm run schemas -w conformance` after changing its zod source)", (name) => {
    expect(committed(name)).toBe(rendered[name]);
  });

  it.each(Object.keys(rendered))("renders %s that compiles in ajv strict mode", (name) => {
    expect(() => strictAjv().compile(JSON.parse(rendered[name] ?? "{}"))).not.toThrow();
  });

  it("renders a fixtures schema that accepts and refuses what the zod source does", () => {
    const validate = strictAjv().compile(JSON.parse(rendered["fixtures.schema.json"] ?? "{}"));
    const minimal = { credentials: { good: { token: "t" }, bad: {} } };
    const reference = JSON.parse(committed("test/reference.fixtures.json")) as unknown;
    const refused = [
      { credentials: { good: {} } },
      { ...minimal, extra: true },
      { ...minimal, platform: { routes: [{ path: "relative" }] } },
      { ...minimal, format: { samples: [{ text: "**hi**" }] } },
      { ...minimal, inbound: { signing: { scheme: "md5", secret: "s" }, samples: [] } },
    ];
    for (const accepted of [minimal, reference]) {
      expect(fixturesSchema.safeParse(accepted).success).toBe(true);
      expect(validate(accepted)).toBe(true);
    }
    for (const value of refused) {
      expect(fixturesSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(validate(value), JSON.stringify(value)).toBe(false);
    }
  });
});
