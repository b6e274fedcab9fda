/** A built-in tool a Skill's `tool_names` may name: what agents see of it (running it is the executor's, A13). */
export interface BuiltinTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema (draft 2020-12) of the tool's input. */
  readonly input_schema: Readonly<Record<string, unknown>>;
}

const object = (properties: Record<string, unknown>, required: string[]) => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties,
  required,
  additionalProperties: false,
});

/** The service's registry of built-in tools (D168), by name. */
export const BUILTIN_TOOLS: readonly BuiltinTool[] = [
  {
    name: "search_documents",
    description: "Search the documents synced from the organization's sources; answers matching paths and excerpts.",
    input_schema: object(
      {
        query: { type: "string", minLength: 1, description: "Words to look for." },
        limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      },
      ["query"],
    ),
  },
  {
    name: "read_document",
    description: "Read one synced document by its path.",
    input_schema: object(
      { path: { type: "string", minLength: 1, description: "The document's path, e.g. /docs/a.md." } },
      ["path"],
    ),
  },
  {
    name: "send_email",
    description: "Send an e-mail through the organization's mail App.",
    input_schema: object(
      {
        to: { type: "array", items: { type: "string", format: "email" }, minItems: 1 },
        subject: { type: "string", maxLength: 998 },
        body: { type: "string", description: "Plain text." },
      },
      ["to", "subject", "body"],
    ),
  },
  {
    name: "search_mail",
    description: "Search the mail received through the organization's mail App by sender, subject or words.",
    input_schema: object(
      {
        query: { type: "string", minLength: 1 },
        from: { type: "string", description: "Only mail from this address." },
        limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      },
      ["query"],
    ),
  },
  {
    name: "send_chat_message",
    description: "Post a message to a channel or thread of the organization's chat App.",
    input_schema: object(
      {
        channel: { type: "string", minLength: 1 },
        text: { type: "string", minLength: 1 },
        thread_id: { type: "string" },
      },
      ["channel", "text"],
    ),
  },
  {
    name: "list_tasks",
    description: "List the open to-do items of the account connected to the organization's tasks App (OAuth 2).",
    input_schema: object({ limit: { type: "integer", minimum: 1, maximum: 100, default: 20 } }, []),
  },
  {
    name: "create_task",
    description: "Add a to-do item to the account connected to the organization's tasks App (OAuth 2).",
    input_schema: object({ title: { type: "string", minLength: 1, maxLength: 500 } }, ["title"]),
  },
];

const NAMES = new Set(BUILTIN_TOOLS.map((tool) => tool.name));

/** The names among `names` that are not built-in tools. */
export function unknownToolNames(names: readonly string[]): string[] {
  return names.filter((name) => !NAMES.has(name));
}
