import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings } from "../../drizzle/schema";
import { DEFAULT_SITE_SETTINGS, ensureSiteSettings, getSiteSettings } from "../../app/server/site/settings.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

describe("site settings", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("stores the defaults once and never overwrites the administrator's values", async () => {
    await ensureSiteSettings(database.db);
    expect(await getSiteSettings(database.db)).toEqual(DEFAULT_SITE_SETTINGS);
    await database.db
      .update(siteSettings)
      .set({ value: { ...DEFAULT_SITE_SETTINGS, phone: "02-000-0000" } });
    await ensureSiteSettings(database.db);
    expect((await getSiteSettings(database.db)).phone).toBe("02-000-0000");
  });
});
