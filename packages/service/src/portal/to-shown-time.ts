/** An instant as the portal shows it: to the second, in UTC, named so. */
export const toShownTime = (iso: string) => `${iso.replace("T", " ").replace(/\.\d+Z$|Z$/, "")} UTC`;
