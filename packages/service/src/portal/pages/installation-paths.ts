/** The path of an installation's page. */
export const installationPath = (id: string) => `/marketplace/installations/${encodeURIComponent(id)}`;

/** The path of one of its events' page. */
export const eventPath = (installationId: string, eventId: number) =>
  `${installationPath(installationId)}/events/${eventId}`;
