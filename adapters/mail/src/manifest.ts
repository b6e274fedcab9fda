import { defineManifest } from "@adapterkit/sdk";

/** The mail adapter's manifest: one `text` credential holding the SMTP settings and the gateway's secret. */
export const manifest = defineManifest({
  schema_version: "1.0",
  name: "Mail",
  slug: "mail",
  description: "Sends e-mail over SMTP and receives it from a mail gateway's signed JSON webhook.",
  icon: "envelope",
  category: "communication",
  version: "0.1.0",
  capabilities: ["send", "receive"],
  credentials: [
    {
      key: "mail_server",
      type: "text",
      label: "Mail server",
      fields: [
        { name: "host", label: "SMTP host" },
        { name: "port", label: "SMTP port (587 for STARTTLS, 465 for TLS, 25 for none)" },
        { name: "username", label: "SMTP username" },
        { name: "password", label: "SMTP password", secret: true },
        { name: "encryption", label: "Encryption: none, starttls or tls" },
        { name: "from_address", label: "From address, e.g. Helpdesk <help@example.com>" },
        { name: "gateway_secret", label: "Signing secret of the inbound mail gateway", secret: true },
      ],
    },
  ],
  skill: {
    name: "Mail",
    description: "Read and send the organization's e-mail through this App.",
    knowledge:
      "You can work with the organization's e-mail. Use search_mail to find messages by sender, subject or words, and send_email to send one (to, subject, plain-text body). Never send to an address the task did not name.",
    tool_names: ["search_mail", "send_email"],
  },
  setup_instructions: [
    "Enter your SMTP server's host, port, username and password, and pick its encryption: tls (port 465), starttls (port 587) or none (local relays only).",
    "Set the From address the workflow's mail is sent as; replies should reach a mailbox your gateway watches.",
    "Point your mail gateway at this App's inbound URL and give it the gateway secret: it signs each message with HMAC-SHA256 over `<timestamp>.<body>`, hex, in `x-mail-gateway-signature: sha256=<hex>` and `x-mail-gateway-timestamp: <unix seconds>`.",
    "The gateway posts JSON `{ id, labelIds, raw }` where raw is the RFC 5322 message in base64url (Gmail's format); messages labelled SENT without INBOX count as the bot's own.",
  ],
  author: { name: "adapterkit" },
});
