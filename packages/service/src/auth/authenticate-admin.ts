import { ServiceError } from "../errors/service-error.ts";
import { readBearer } from "./authenticate-api-token.ts";
import { secretsEqual } from "./hash-token.ts";

/** Checks the admin bearer token (D16 admin API); without a configured admin token the API is closed. */
export function authenticateAdmin(adminToken: string | undefined, header: string | undefined): void {
  if (adminToken === undefined || adminToken === "") {
    throw new ServiceError(
      "unauthorized",
      "The admin API is disabled; start the service with ADAPTERKIT_ADMIN_TOKEN set.",
    );
  }
  const token = readBearer(header);
  if (token === undefined || !secretsEqual(token, adminToken)) {
    throw new ServiceError("unauthorized", "Missing or invalid admin token.", {
      headers: { "WWW-Authenticate": 'Bearer realm="adapterkit-admin"' },
    });
  }
}
