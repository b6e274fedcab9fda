export { generateInstallationId, isInstallationId } from "./installation-id.ts";
export {
  findInstallation,
  insertInstallation,
  listInstallationPage,
  listInstallations,
  listInstalledAppIds,
  type NewInstallation,
  updateInstallation,
} from "./installation-store.ts";
export {
  type AppsDatabase,
  type InstallationRow,
  type InstallationState,
  type InstallationTable,
  withInstallationTables,
} from "./installation-tables.ts";
