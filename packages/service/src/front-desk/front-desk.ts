import type { NormalizedMessage } from "@adapterkit/contract";
import Handlebars from "handlebars";

/** What the front desk is asked to answer: who wrote, through which App, and the message. */
export interface FrontDeskRequest {
  readonly contact: { readonly id: number; readonly name: string; readonly isNew: boolean };
  readonly app: string;
  readonly message: NormalizedMessage;
  /** The installation's own template, when it has one. */
  readonly template: string | null;
}

/** A11: the port that turns an inbound message into a reply (agents are out of scope); null sends none. */
export interface FrontDesk {
  reply(request: FrontDeskRequest): string | null;
}

/** The reference reply when an installation has no template of its own. */
export const DEFAULT_FRONT_DESK_TEMPLATE =
  "Hi {{contact.name}}, thanks for your message. We received: “{{message.message}}”";

/**
 * The reference front desk: renders the installation's Handlebars template (or the default) with `contact`, `app`
 * and `message`. Templates are compiled once each and escape HTML as Handlebars does; an empty result sends nothing.
 * @example createTemplateFrontDesk().reply({ contact, app: "chat", message, template: null })
 */
export function createTemplateFrontDesk(defaultTemplate = DEFAULT_FRONT_DESK_TEMPLATE): FrontDesk {
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  const compile = (source: string) => {
    let template = compiled.get(source);
    if (template === undefined) {
      template = Handlebars.compile(source, { strict: false, noEscape: true });
      compiled.set(source, template);
    }
    return template;
  };
  return {
    reply(request) {
      const text = compile(request.template ?? defaultTemplate)({
        contact: request.contact,
        app: request.app,
        message: request.message,
      }).trim();
      return text === "" ? null : text;
    },
  };
}
