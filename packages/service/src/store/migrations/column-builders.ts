import type { ColumnDefinitionBuilder } from "kysely";
import type { DialectName } from "../dialect-name.ts";

/** What `addColumn`'s third argument takes: a function that finishes a column's definition. */
export type ColumnBuilder = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** An integer primary key the database numbers: AUTOINCREMENT on SQLite, an identity column on PostgreSQL. */
export function idColumn(dialect: DialectName): ColumnBuilder {
  return (col) =>
    dialect === "sqlite" ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
}

/** A NOT NULL column. */
export const required: ColumnBuilder = (col) => col.notNull();

/** A NOT NULL reference to `table.id`, deleted with the row it references. */
export function cascadeTo(table: string): ColumnBuilder {
  return (col) => col.notNull().references(`${table}.id`).onDelete("cascade");
}
