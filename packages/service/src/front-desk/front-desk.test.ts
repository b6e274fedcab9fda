import { describe, expect, it } from "vitest";
import { createTemplateFrontDesk } from "./front-desk.ts";

const request = (template: string | null, text = "where is my order?") => ({
  contact: { id: 1, name: "U0ANA", isNew: true },
  app: "chat",
  message: { event_type: "message.received", sender: "U0ANA", message: text, is_bot: false },
  template,
});

describe("createTemplateFrontDesk", () => {
  it("answers with the default template naming the contact and quoting the message", () => {
    expect(createTemplateFrontDesk().reply(request(null))).toBe(
      "Hi U0ANA, thanks for your message. We received: “where is my order?”",
    );
  });

  it("renders an installation's own template, and sends nothing when it renders empty", () => {
    const desk = createTemplateFrontDesk();
    expect(desk.reply(request("{{#if contact.isNew}}Welcome{{/if}} via {{app}}"))).toBe("Welcome via chat");
    expect(desk.reply(request("{{#if message.is_dm}}dm{{/if}}"))).toBeNull();
  });

  it("passes the message's text through as data, never as a template", () => {
    expect(createTemplateFrontDesk().reply(request("{{message.message}}", "{{contact.name}}"))).toBe(
      "{{contact.name}}",
    );
  });
});
