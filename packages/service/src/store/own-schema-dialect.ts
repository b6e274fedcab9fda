import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

interface ColumnRow {
  table_schema: string;
  table_name: string;
  table_type: string;
  column_name: string | null;
  data_type: string | null;
  is_nullable: string | null;
  column_default: string | null;
  is_identity: string | null;
}

/**
 * Reads the tables of the connection's own schema (`current_schema()`) only. Kysely's own PostgreSQL introspector
 * lists every schema of the database and calls `pg_get_serial_sequence` on each column, which fails when another
 * database user (another service in its schema, a test file tearing its schema down) drops a table meanwhile; a
 * store never needs to see another schema's tables (D577).
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: introspection reads the catalog, not the store's typed tables.
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select t.table_schema, t.table_name, t.table_type, c.column_name, c.data_type, c.is_nullable, c.column_default,
        c.is_identity
      from information_schema.tables t
      left join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = current_schema()
      order by t.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata["columns"][number][] }>();
    for (const row of rows) {
      let table = tables.get(row.table_name);
      if (table === undefined) {
        table = { name: row.table_name, schema: row.table_schema, isView: row.table_type === "VIEW", columns: [] };
        tables.set(row.table_name, table);
      }
      if (row.column_name === null) continue;
      const hasDefault = row.column_default !== null;
      table.columns.push({
        name: row.column_name,
        dataType: row.data_type ?? "",
        isNullable: row.is_nullable === "YES",
        isAutoIncrementing: row.is_identity === "YES" || (row.column_default ?? "").startsWith("nextval("),
        hasDefaultValue: hasDefault,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** Kysely's PostgreSQL dialect with introspection kept to the connection's own schema (D577). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: the dialect interface types it so.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
