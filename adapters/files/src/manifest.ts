import { defineManifest } from "@adapterkit/sdk";

/** The files adapter's manifest: a document source over WebDAV, one `text` credential for the server. */
export const manifest = defineManifest({
  schema_version: "1.0",
  name: "Files (WebDAV)",
  slug: "files",
  description: "A document source over WebDAV: lists what changed under a folder and fetches files' bytes.",
  icon: "folder",
  category: "storage",
  version: "0.1.0",
  credentials: [
    {
      key: "webdav",
      type: "text",
      label: "WebDAV server",
      fields: [
        { name: "base_url", label: "WebDAV base URL, e.g. https://cloud.example.com/remote.php/dav/files/alice/" },
        { name: "username", label: "Username" },
        { name: "password", label: "Password or app password", secret: true },
      ],
    },
  ],
  setup_instructions: [
    "Enter the WebDAV base URL of the account (the folder that paths are relative to), a username and a password; an app password is better than the account's own.",
    "Choose the folder to sync as the source's resource path, such as /docs; everything below it is listed, folder by folder.",
    "The sync cursor carries the previous listing, so a source holds up to about 8,000 files with ordinary names (a 256 KiB cursor; 10,000 when names are short); pick a smaller folder if the adapter says the tree is too large.",
  ],
  author: { name: "adapterkit" },
});
