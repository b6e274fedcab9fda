import { type FormatHandler, toPlainText } from "@adapterkit/sdk";
import type { manifest } from "../manifest.ts";

/** `/format`: Markdown (CommonMark + GFM) to the plain text the mail is sent as (D6). */
export const format: FormatHandler<typeof manifest> = ({ text }) => ({ text: toPlainText(text) });
