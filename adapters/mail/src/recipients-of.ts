import { AdapterHttpError } from "@adapterkit/sdk";
import addressparser from "nodemailer/lib/addressparser/index.js";

/** One recipient of a delivery, as nodemailer takes it. */
export interface Recipient {
  name: string;
  address: string;
}

// local@domain: no spaces, brackets, quotes or separators; the domain may be a bracketed literal ([192.0.2.1]).
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@(?:[^\s@<>()[\]\\,;:"]+|\[[^\s[\]\\]+\])$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Reads `channel_address` — one address or a comma-separated list, each bare or as `Name <address>` — with
 * nodemailer's address parser. Line breaks and other control characters (header injection), group syntax and any
 * entry without a valid address are 400 naming `/channel_address`, so the mail goes exactly where it says.
 */
export function recipientsOf(channelAddress: string): Recipient[] {
  if (CONTROL.test(channelAddress)) {
    throw invalidAddress("channel_address may not contain line breaks or other control characters");
  }
  const entries = addressparser(channelAddress);
  if (entries.length === 0) throw invalidAddress("channel_address names no e-mail address");
  return entries.map((entry) => {
    if ("group" in entry) {
      throw invalidAddress(`channel_address uses group syntax ("${entry.name}: …;"); list the addresses instead`);
    }
    if (!ADDRESS.test(entry.address)) {
      const shown = entry.address === "" ? entry.name : entry.address;
      throw invalidAddress(`channel_address holds "${shown}", which is not an e-mail address`);
    }
    return { name: entry.name, address: entry.address };
  });
}

function invalidAddress(message: string): AdapterHttpError {
  return new AdapterHttpError("invalid_request", message, {
    issues: [{ path: "/channel_address", message: `${message}; expected someone@example.com or a list of them` }],
  });
}
