export {
  type CredentialAddress,
  type CredentialScope,
  installationCredentialScope,
  ORGANIZATION_WIDE,
  SERVICE_PUBLISHER,
} from "./credential-scope.ts";
export { type CredentialRow, type CredentialTable, withCredentialTables } from "./credential-tables.ts";
export { type CredentialInput, readCredentialInput } from "./read-credential-input.ts";
export { findCredentialRows, type OpenCredential, readCredentials } from "./read-credentials.ts";
export { type CredentialToSave, saveCredential } from "./save-credential.ts";
export { fieldNamesOf, openFields, type SealedAt, sealFields } from "./seal-fields.ts";
export { OAUTH2_FIELDS, type StoredField, storedFieldsOf } from "./stored-fields-of.ts";
export { toAdapterCredentials } from "./to-adapter-credentials.ts";
