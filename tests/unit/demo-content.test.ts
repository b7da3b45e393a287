import { describe, expect, it } from "vitest";
import { DEMO_CONTACT } from "../../app/domain/demo-contact";
import { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES } from "../../app/server/seed/demo-content.server";
import { DEFAULT_SITE_SETTINGS } from "../../app/server/site/settings.server";

/** Hosts reserved for examples (RFC 2606, RFC 6761): they can never belong to a real person or company. */
const isReservedHost = (host: string) => /(^|\.)(example|test|invalid|localhost)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host);

const everyText = [
  ...DEMO_ARTISTS.flatMap((a) => Object.values(a).flat().map(String)),
  ...[...DEMO_NEWS, ...DEMO_NOTICES].flatMap((p) => [p.title, p.html]),
  JSON.stringify(DEFAULT_SITE_SETTINGS),
].join("\n");

describe("demo content points at no real person or company", () => {
  it("every web address is on a reserved example domain", () => {
    const urls = everyText.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(isReservedHost(new URL(url).hostname), url).toBe(true);
    // Bare host names in the text (e.g. "youtube.example/@we_entertainment") too.
    for (const host of everyText.match(/\b[a-z0-9-]+\.(com|net|org|co\.kr|kr|io)\b/gi) ?? []) expect(isReservedHost(host.toLowerCase()), host).toBe(true);
  });

  it("every e-mail address is on a reserved example domain", () => {
    const emails = everyText.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
    expect(emails.length).toBeGreaterThan(3);
    for (const email of emails) expect(isReservedHost(email.split("@")[1]!), email).toBe(true);
  });

  it("every phone number is all zeros after the area code", () => {
    const phones = everyText.match(/\b0\d{1,2}-\d{3,4}-\d{4}\b/g) ?? [];
    expect(phones.length).toBeGreaterThan(1);
    for (const phone of phones) expect(phone, phone).toMatch(/^0\d{1,2}-0{3,4}-0{4}$/);
  });

  it("the settings mark their demo values, so the settings page can ask for the real ones", () => {
    expect(DEFAULT_SITE_SETTINGS.phone).toBe(DEMO_CONTACT.phone);
    expect(DEFAULT_SITE_SETTINGS.demoFields).toEqual(expect.arrayContaining(["address", "phone", "email", "auditionEmail", "social.instagram", "social.youtube"]));
  });
});
