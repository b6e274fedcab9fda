import { z } from "zod";

/** A4: how an installation id looks: `inst_` + 22 base64url characters (16 CSPRNG bytes). */
export const INSTALLATION_ID_PATTERN = /^inst_[A-Za-z0-9_-]{22}$/;

/** An installation's opaque id. */
export const installationIdSchema = z
  .string()
  .regex(INSTALLATION_ID_PATTERN, "expected an installation id: inst_ and 22 URL-safe base64 characters")
  .meta({ description: "An installation's opaque id (inst_ + 22 base64url characters)." });
