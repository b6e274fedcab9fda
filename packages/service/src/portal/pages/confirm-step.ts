import { type PortalAnswer, type PortalRequest, page } from "../portal-route.ts";

/** What a confirmation step says and where its form goes. */
export interface ConfirmStep {
  readonly title: string;
  readonly section: "developer" | "marketplace";
  readonly heading: string;
  readonly message: string;
  readonly action: string;
  readonly button: string;
  readonly back: string;
  /** Form fields the confirming post carries again (D455: the share of an upgrade). */
  readonly fields?: readonly { readonly name: string; readonly value: string }[];
}

/**
 * D385: a destructive form is confirmed on a page of its own before it acts, without JavaScript: its first post
 * answers with this page, whose form posts again with `confirm=yes`. Undefined once confirmed.
 */
export function confirmStep(request: PortalRequest, step: ConfirmStep): PortalAnswer | undefined {
  if (request.form.get("confirm") === "yes") return undefined;
  const { title, section, fields = [], ...data } = step;
  return page("confirm", { title, section }, { ...data, fields });
}
