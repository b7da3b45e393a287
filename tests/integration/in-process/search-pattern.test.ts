import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containsText } from "../../../app/server/platform/search-pattern.server";
import { useEmptyDatabaseClient } from "../../setup/test-database";

describe("searching for what someone typed", () => {
  const empty = useEmptyDatabaseClient({ beforeAll, afterAll });
  const names = pgTable("names", { value: text("value").notNull() });

  it("finds the text anywhere, whatever its case; %, _ and \\ match only themselves", async () => {
    const db = drizzle({ client: empty.client });
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
