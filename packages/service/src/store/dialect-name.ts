/** The two databases the store runs on (D28). */
export type DialectName = "sqlite" | "postgres";
