import type { FormatHandler } from "@adapterkit/sdk";
import type { webhookManifest } from "../manifest.ts";

/** `POST /format`: a generic webhook has no display convention, so the text is returned unchanged (D6). */
export const format: FormatHandler<typeof webhookManifest> = ({ text }) => ({ text });
