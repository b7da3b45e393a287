import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings } from "../../../drizzle/schema";
import { DEMO_PRIVACY_OFFICER } from "../../../app/domain/site-settings";
import { DEFAULT_SITE_SETTINGS, ensureSiteSettings, getSiteSettings } from "../../../app/server/site/settings.server";
import { useTestDatabase } from "../../setup/test-database";

describe("site settings", () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("stores the defaults once and never overwrites the administrator's values", async () => {
    await ensureSiteSettings(database.db);
    expect(await getSiteSettings(database.db)).toEqual(DEFAULT_SITE_SETTINGS);
    await database.db
      .update(siteSettings)
      .set({ value: { ...DEFAULT_SITE_SETTINGS, phone: "02-000-0000" } });
    await ensureSiteSettings(database.db);
    expect((await getSiteSettings(database.db)).phone).toBe("02-000-0000");
  });

  it("replaces the real-looking values earlier versions stored as defaults, marked as demo, and keeps the administrator's", async () => {
    await database.db.update(siteSettings).set({
      value: {
        ...DEFAULT_SITE_SETTINGS,
        phone: "02-545-7070",
        email: "contact@we-entertainment.co.kr",
        address: "서울특별시 종로구 세종대로 1",
        social: { ...DEFAULT_SITE_SETTINGS.social, instagram: "https://www.instagram.com/we_entertainment_official/" },
        demoFields: [],
      },
    });
    await ensureSiteSettings(database.db);
    const settings = await getSiteSettings(database.db);
    expect(settings.phone).toBe(DEFAULT_SITE_SETTINGS.phone);
    expect(settings.email).toBe(DEFAULT_SITE_SETTINGS.email);
    expect(settings.social.instagram).toBe(DEFAULT_SITE_SETTINGS.social.instagram);
    expect(settings.address).toBe("서울특별시 종로구 세종대로 1");
    expect(settings.demoFields.sort()).toEqual(["email", "phone", "social.instagram"]);
  });

  it("gives settings stored before the privacy officer existed (or with a blank one) the demo officer, flagged as demo", async () => {
    const { privacyOfficer: _officer, ...older } = DEFAULT_SITE_SETTINGS;
    await database.db.update(siteSettings).set({ value: { ...older, demoFields: [] } });
    await ensureSiteSettings(database.db);
    let settings = await getSiteSettings(database.db);
    expect(settings.privacyOfficer).toEqual(DEMO_PRIVACY_OFFICER);
    expect(settings.demoFields.sort()).toEqual(["privacyOfficer.email", "privacyOfficer.name", "privacyOfficer.phone", "privacyOfficer.position"]);

    await database.db.update(siteSettings).set({ value: { ...DEFAULT_SITE_SETTINGS, privacyOfficer: { name: "이보호", position: "", phone: "02-1234-5678", email: "" }, demoFields: [] } });
    await ensureSiteSettings(database.db);
    settings = await getSiteSettings(database.db);
    expect(settings.privacyOfficer).toEqual({ name: "이보호", position: DEMO_PRIVACY_OFFICER.position, phone: "02-1234-5678", email: DEMO_PRIVACY_OFFICER.email });
    expect(settings.demoFields.sort()).toEqual(["privacyOfficer.email", "privacyOfficer.position"]);
  });
});
