import { AdapterHttpError } from "@adapterkit/sdk";
import { describe, expect, it } from "vitest";
import { type MailCredentials, readSmtpSettings } from "./smtp-settings.ts";

const credentials: MailCredentials = {
  host: " smtp.example.com ",
  port: "587",
  username: "bot",
  password: "secret-password",
  encryption: "STARTTLS",
  from_address: "Helpdesk <help@example.com>",
  gateway_secret: "gw",
};

function issuesOf(patch: Partial<MailCredentials>) {
  try {
    readSmtpSettings({ ...credentials, ...patch });
  } catch (error) {
    if (error instanceof AdapterHttpError)
      return { status: error.status, paths: error.issues?.map((issue) => issue.path) };
    throw error;
  }
  return undefined;
}

describe("readSmtpSettings", () => {
  it("reads host, port, encryption (any case) and the From domain", () => {
    expect(readSmtpSettings(credentials)).toMatchObject({
      host: "smtp.example.com",
      port: 587,
      encryption: "starttls",
      fromDomain: "example.com",
      address: "smtp.example.com:587",
    });
  });

  it("accepts a bare From address", () => {
    expect(readSmtpSettings({ ...credentials, from_address: "help@mail.example.org" }).fromDomain).toBe(
      "mail.example.org",
    );
  });

  it.each([["0"], ["65536"], ["25a"], [""]])("refuses port %j with a 400 naming /credentials/port", (port) => {
    expect(issuesOf({ port })).toEqual({ status: 400, paths: ["/credentials/port"] });
  });

  it("names every unusable field at once", () => {
    expect(issuesOf({ host: " ", encryption: "ssl", from_address: "Helpdesk" })).toEqual({
      status: 400,
      paths: ["/credentials/host", "/credentials/encryption", "/credentials/from_address"],
    });
  });

  it("never puts the password in its message", () => {
    try {
      readSmtpSettings({ ...credentials, port: "x" });
    } catch (error) {
      expect((error as Error).message).not.toContain(credentials.password);
    }
    expect.assertions(1);
  });
});
