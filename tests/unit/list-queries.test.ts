import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it } from "vitest";
import { pageWindow, parsePage } from "../../app/lib/pagination";
import { containsText } from "../../app/server/platform/search-pattern.server";

describe("one page of a list", () => {
  it("clamps the requested page to those that exist and gives the rows' window", () => {
    expect(pageWindow(0, 1, 5)).toEqual({ page: 1, pageCount: 1, limit: 5, offset: 0 });
    expect(pageWindow(11, 2, 5)).toEqual({ page: 2, pageCount: 3, limit: 5, offset: 5 });
    expect(pageWindow(11, 99, 5)).toEqual({ page: 3, pageCount: 3, limit: 5, offset: 10 });
    expect(pageWindow(10, 0, 5).page).toBe(1);
    expect(pageWindow(10, 1.7, 5).page).toBe(1);
    expect(pageWindow(10, parsePage("2"), 5).offset).toBe(5);
    expect(parsePage("-1")).toBe(1);
  });
});

describe("searching for what someone typed", () => {
  const client = new PGlite();
  const db = drizzle(client);
  const names = pgTable("names", { value: text("value").notNull() });
  afterAll(() => client.close());

  // PGlite boots a WebAssembly PostgreSQL: seconds on a busy machine.
  it("finds the text anywhere, whatever its case; %, _ and \\ match only themselves", { timeout: 60_000 }, async () => {
    await db.execute(sql`create table names (value text not null)`);
    await db.insert(names).values(["Kim Ha-neul", "50% off", "5000 off", "a_b", "axb", "back\\slash", "backslash"].map((value) => ({ value })));
    const find = async (typed: string) => (await db.select().from(names).where(containsText(names.value, typed))).map((row) => row.value).sort();
    expect(await find("ha-NEUL")).toEqual(["Kim Ha-neul"]);
    expect(await find("0%")).toEqual(["50% off"]);
    expect(await find("a_b")).toEqual(["a_b"]);
    expect(await find("k\\s")).toEqual(["back\\slash"]);
    expect(await find("%")).toEqual(["50% off"]);
  });
});
