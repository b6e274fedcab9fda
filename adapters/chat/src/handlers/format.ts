import { type FormatHandler, toSlackMrkdwn } from "@adapterkit/sdk";
import type { chatManifest } from "../manifest.ts";

/** `POST /format`: Markdown (CommonMark + GFM) to Slack mrkdwn, with `&`, `<` and `>` escaped as Slack documents. */
export const format: FormatHandler<typeof chatManifest> = ({ text }) => ({ text: toSlackMrkdwn(text) });
