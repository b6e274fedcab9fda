import { type PortalAnswer, page } from "../portal-route.ts";

/** An error page with its status; it links back to the Apps list. */
export function errorPage(status: number, heading: string, message: string): PortalAnswer {
  return page(
    "error",
    { title: heading },
    { heading, message, back: "/developer/apps", backLabel: "Back to your Apps" },
    status,
  );
}
