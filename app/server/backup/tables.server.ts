import fs from "node:fs";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { sql, type SQL } from "drizzle-orm";
import { findMigrationsFolder, type Database, type Tx } from "../platform/db.server";

/**
 * The database side of backups: every table of the app's schema as JSON lines, written and read in SQL
 * so that both engines (they are both PostgreSQL) agree on every type, and JavaScript never holds a
 * value it could round (numeric, bigint) or reformat (timestamps).
 */

type Queryable = Database | Tx;

async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  // Both drivers (pg and PGlite) answer with `{ rows }`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface TableColumn {
  name: string;
  /** As PostgreSQL writes it (`timestamp with time zone`, `jsonb`, `text[]`), for the manifest. */
  type: string;
}

export interface TableInfo {
  name: string;
  columns: TableColumn[];
  /** json and jsonb columns: their SQL NULL and JSON null are told apart in the rows (see dumpTable). */
  jsonColumns: string[];
  /** Columns the database computes itself (GENERATED ALWAYS AS): never written back. */
  generatedColumns: string[];
  primaryKey: string[];
}

/** The app's tables (the current schema; drizzle's own bookkeeping lives in the `drizzle` schema), by name. */
export async function listTables(db: Queryable): Promise<TableInfo[]> {
  const columns = await rows<{ table: string; name: string; type: string; json: boolean; generated: boolean; pk: boolean }>(
    db,
    sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
          a.atttypid in ('json'::regtype, 'jsonb'::regtype) as json, a.attgenerated <> '' as generated,
          coalesce(a.attnum = any(i.indkey), false) as pk
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = current_schema() and c.relkind = 'r'
        order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    let table = tables.get(column.table);
    if (!table) {
      table = { name: column.table, columns: [], jsonColumns: [], generatedColumns: [], primaryKey: [] };
      tables.set(column.table, table);
    }
    table.columns.push({ name: column.name, type: column.type });
    if (column.json) table.jsonColumns.push(column.name);
    if (column.generated) table.generatedColumns.push(column.name);
    if (column.pk) table.primaryKey.push(column.name);
  }
  return [...tables.values()];
}

/** The tables in an order in which every row's foreign keys point at rows already inserted. */
export async function insertionOrder(db: Queryable, tables: string[]): Promise<string[]> {
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select distinct child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = current_schema()`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) {
    // A table referring to itself needs its rows in order, which the dump's primary-key order gives.
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const ordered: string[] = [];
  const remaining = [...tables].sort();
  while (remaining.length > 0) {
    const ready = remaining.find((t) => [...parents.get(t)!].every((p) => ordered.includes(p)));
    if (!ready) throw new Error(`The foreign keys between these tables form a cycle: ${remaining.join(", ")}`);
    ordered.push(ready);
    remaining.splice(remaining.indexOf(ready), 1);
  }
  return ordered;
}

/**
 * Settings of the transaction that reads the rows, so that what it writes reads back the same on any
 * server: timestamps with an explicit offset, bytea as hex, floats with every digit, ISO intervals.
 */
export async function setPortableOutput(tx: Tx): Promise<void> {
  for (const setting of ["timezone = 'UTC'", "bytea_output = 'hex'", "extra_float_digits = 1", "intervalstyle = 'iso_8601'"]) {
    await tx.execute(sql.raw(`set local ${setting}`));
  }
}

/**
 * Writes the table's rows as JSON lines (one object per row, keyed by column name), in primary-key
 * order, fetched through a cursor so a large table is never held in memory. JSON columns hold their
 * value as it is; a JSON column that is SQL NULL is left out of its row, since JSON null is a value of
 * its own. (A `json` column, which our schema does not use, keeps its value but not its spacing or key
 * order.) Must run inside the backup's transaction (a cursor lives in one).
 */
export async function dumpTable(tx: Tx, table: TableInfo, write: (line: string) => Promise<void>): Promise<number> {
  const nullJsonKeys = table.jsonColumns.length
    ? sql`array_remove(array[${sql.join(
        table.jsonColumns.map((c) => sql`case when t.${sql.identifier(c)} is null then ${c} end`),
        sql`, `,
      )}]::text[], null)`
    : sql`'{}'::text[]`;
  const order = table.primaryKey.length ? sql` order by ${sql.join(table.primaryKey.map((c) => sql`t.${sql.identifier(c)}`), sql`, `)}` : sql``;
  await tx.execute(sql`declare backup_rows no scroll cursor for
    select (to_jsonb(t) - ${nullJsonKeys})::text as line from ${sql.identifier(table.name)} as t${order}`);
  let count = 0;
  for (;;) {
    const batch = await rows<{ line: string }>(tx, sql`fetch forward 500 from backup_rows`);
    if (batch.length === 0) break;
    for (const row of batch) await write(row.line);
    count += batch.length;
  }
  await tx.execute(sql`close backup_rows`);
  return count;
}

/** Lines per insert, and a bound on the bytes of one batch (a row can hold a long post). */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Inserts the rows of a JSON-lines file written by dumpTable. PostgreSQL turns each line back into a row
 * of the table (json_populate_record reads every type from its JSON form), except the JSON columns, which
 * are taken as they are: present means a value (JSON null included), absent means SQL NULL.
 */
export async function loadTable(tx: Tx, table: TableInfo, file: string): Promise<number> {
  const writable = table.columns.map((c) => c.name).filter((c) => !table.generatedColumns.includes(c));
  const values = writable.map((c) => {
    if (!table.jsonColumns.includes(c)) return sql`r.${sql.identifier(c)}`;
    const type = table.columns.find((column) => column.name === c)!.type;
    return sql`(e -> ${c})::${sql.raw(type === "json" ? "json" : "jsonb")}`;
  });
  const insert = (lines: string[]) =>
    tx.execute(sql`insert into ${sql.identifier(table.name)} (${sql.join(writable.map((c) => sql.identifier(c)), sql`, `)})
      overriding system value
      select ${sql.join(values, sql`, `)}
      from json_array_elements(${`[${lines.join(",")}]`}::json) as e,
        lateral json_populate_record(null::${sql.identifier(table.name)}, e) as r`);
  let batch: string[] = [];
  let batchBytes = 0;
  let count = 0;
  for await (const line of jsonLines(file)) {
    batch.push(line);
    batchBytes += line.length;
    if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) {
      await insert(batch);
      count += batch.length;
      batch = [];
      batchBytes = 0;
    }
  }
  if (batch.length > 0) {
    await insert(batch);
    count += batch.length;
  }
  return count;
}

/**
 * The lines of a file written by dumpTable. Only "\n" ends a line: JSON escapes it inside strings, but
 * leaves U+2028 and U+2029 as they are, which readline would also take for line ends.
 */
export async function* jsonLines(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  for await (const chunk of fs.createReadStream(file)) {
    const lines = (pending + decoder.write(chunk as Buffer)).split("\n");
    pending = lines.pop()!;
    yield* lines;
  }
  pending += decoder.end();
  if (pending !== "") yield pending;
}

/** The tables holding at least one row. */
export async function tablesWithRows(db: Queryable, tables: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await rows<{ found: boolean }>(db, sql`select exists (select 1 from ${sql.identifier(table)}) as found`);
    if (row!.found) found.push(table);
  }
  return found;
}

/** Moves every serial and identity sequence just past the largest id its table holds. */
export async function resetSequences(tx: Tx): Promise<void> {
  const owned = await rows<{ table: string; column: string; sequence: string }>(
    tx,
    sql`select c.relname as "table", a.attname as "column", s.sequence
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        cross join lateral pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as s(sequence)
        where n.nspname = current_schema() and c.relkind = 'r' and s.sequence is not null`,
  );
  for (const { table, column, sequence } of owned) {
    const max = sql`(select max(${sql.identifier(column)}) from ${sql.identifier(table)})`;
    // An empty table starts again at 1; otherwise the next id is max + 1.
    await tx.execute(sql`select setval(${sequence}::regclass, coalesce(${max}, 1), ${max} is not null)`);
  }
}

/** A migration of the committed journal (migrations/meta/_journal.json). */
export interface Migration {
  tag: string;
  /** The journal's `when`, which drizzle records as `created_at` of an applied migration. */
  when: number;
}

/** The migrations this code knows, oldest first. */
export function knownMigrations(folder = findMigrationsFolder()): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Migration[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The last migration applied to the database (drizzle's record of it), with its tag when this code
 * knows it; null when none ever was.
 */
export async function appliedMigration(db: Queryable): Promise<{ when: number; hash: string; tag: string | null } | null> {
  const [table] = await rows<{ name: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  if (!table?.name) return null;
  const [last] = await rows<{ created_at: string | number; hash: string }>(
    db,
    sql`select created_at, hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const when = Number(last.created_at);
  return { when, hash: last.hash, tag: knownMigrations().find((m) => m.when === when)?.tag ?? null };
}

/**
 * A copy of the migrations folder that ends at `last`: migrating with it brings an empty database to the
 * schema of an older backup, whose rows then fit before the newer migrations run over them.
 */
export function migrationsUpTo(last: Migration, into: string): string {
  const folder = findMigrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Migration[] };
  const entries = journal.entries.slice(0, journal.entries.findIndex((m) => m.when === last.when) + 1);
  fs.mkdirSync(path.join(into, "meta"), { recursive: true });
  fs.writeFileSync(path.join(into, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(into, `${entry.tag}.sql`));
  return into;
}
