import { MAX_REELS } from "../../app/domain/reels";
import { describe, expect, it } from "vitest";
import { ARTIST_LIST_FIELD_INFO, ARTIST_TEXT_FIELDS } from "../../app/domain/artist-fields";
import { MAX_ARTIST_IMAGES } from "../../app/domain/constants";
import { AUDIT_ENTITY_LABELS } from "../../app/domain/audit-labels";
import { messagesFor } from "../../app/domain/messages";
import { POST_KIND_INFO, POST_KINDS, postKindOfPattern, postKindText } from "../../app/domain/post-kinds";
import { feedDescription, feedTitle } from "../../app/lib/feeds";
import { MAX_CONTENT_LENGTH, MAX_ENTRY_LENGTH, MAX_LIST_ENTRIES, MAX_TITLE_LENGTH } from "../../app/domain/schemas";
import { ADMIN_PATH_PREFIXES, ENGLISH_ROUTES, isAdminPath, SITE_ROUTES } from "../../app/domain/site-routes";
import { isCastingPath } from "../../app/domain/paths";
import routes from "../../app/routes";
import { OPENAPI_DOCUMENT } from "../../app/server/api/openapi.server";
import { MAX_UPLOAD_BYTES } from "../../app/server/media/media.server";

type JsonSchema = { type?: string; maxLength?: number; minLength?: number; maxItems?: number; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; items?: JsonSchema; required?: string[] };
const schemas = OPENAPI_DOCUMENT.components.schemas as unknown as Record<string, JsonSchema>;

describe("one descriptor per concept", () => {
  it("the route table is the routes descriptor, with the original paths (requirements R2.1)", () => {
    type Entry = { path?: string; index?: boolean; children?: Entry[] };
    // The workspace's pages sit under a pathless layout route.
    const flat = (entries: Entry[]): Entry[] => entries.flatMap((r) => (r.children ? flat(r.children) : [r]));
    const paths = flat(routes as Entry[]).map((r) => (r.index ? "/" : `/${r.path}`));
    expect([...paths].sort()).toEqual([...SITE_ROUTES, ...ENGLISH_ROUTES].map((r) => r.pattern).sort());
    // Every public page with an English version, again under /en (and nothing else there).
    expect(ENGLISH_ROUTES.map((r) => r.pattern).sort()).toEqual(
      ["/en", "/en/company", "/en/artist", "/en/artist/:name", "/en/artist/:name/profile.pdf", "/en/audition", "/en/audition/apply", "/en/audition/apply/submit", "/en/audition/apply/complete", "/en/privacy", "/en/pr", "/en/news", "/en/notice", "/en/newsDetail/:postId", "/en/noticeDetail/:postId"].sort(),
    );
    expect(new Set(ENGLISH_ROUTES.map((r) => r.id)).size).toBe(ENGLISH_ROUTES.length);
    for (const path of ["/", "/company", "/artist", "/artist/:name", "/artist/:name/profile.pdf", "/audition", "/pr", "/news", "/notice", "/newsDetail/:postId", "/noticeDetail/:postId", "/adminLogin", "/adminNewsWrite/:postId?", "/adminNoticeWrite/:postId?", "/adminActor/:name?"]) {
      expect(paths).toContain(path);
    }
  });

  it("every admin address is known as such (robots.txt, page cache), including sign-out and tokens", () => {
    expect(ADMIN_PATH_PREFIXES).toEqual([
      "/adminLogin",
      "/adminInvite",
      "/adminLogin/verify",
      "/adminLogin/verify/passkey",
      "/adminNewsWrite",
      "/adminNoticeWrite",
      "/adminActor",
      "/adminApiTokens",
      "/admin/preview",
      "/admin",
      "/admin/posts",
      "/admin/artists",
      "/admin/trash",
      "/admin/history",
      "/admin/audit",
      "/admin/media",
      "/admin/media.json",
      "/admin/settings",
      "/admin/staff",
      "/admin/import",
      "/admin/account",
      "/admin/auditions",
      "/admin/auditions/export",
      "/admin/access-records",
      "/admin/account/security",
      "/admin/account/security/passkey",
      "/admin/packages",
      "/admin/packages/new",
      "/adminLogout",
    ]);
    expect(isAdminPath("/admin/auditions/12/files/0123456789abcdef0123456789abcdef")).toBe(true);
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/history/post/3.data")).toBe(true);
    expect(isAdminPath("/adminApiTokens")).toBe(true);
    expect(isAdminPath("/adminActor/%ED%95%9C.data")).toBe(true);
    expect(isAdminPath("/artist")).toBe(false);
    expect(isAdminPath("/administrator")).toBe(false);
    // A casting package's pages are not admin pages, but just as personal (decision 047).
    expect(isAdminPath("/casting/abc")).toBe(false);
    expect(isCastingPath("/casting/abc")).toBe(true);
    expect(isCastingPath("/casting/abc.data")).toBe(true);
    expect(isCastingPath("/castings")).toBe(false);
  });

  it("a route's post kind comes from its pattern, and an unknown pattern is an error, never a silent default", () => {
    for (const kind of POST_KINDS) {
      const info = POST_KIND_INFO[kind];
      for (const pattern of [info.listPath, info.detailPattern, info.editorPattern, `/api/we/${info.api.list}`, `/api/we/${info.api.update}/:postId`]) {
        expect(postKindOfPattern(pattern)).toBe(kind);
        expect(postKindOfPattern(pattern.slice(1))).toBe(kind);
      }
    }
    expect(() => postKindOfPattern("/api/we/writeblog")).toThrow(/No post kind/);
  });

  it("a kind has one name per language: the list's heading, page title, feed and activity log agree", () => {
    for (const kind of POST_KINDS) {
      const info = POST_KIND_INFO[kind];
      expect(feedTitle(kind, "ko")).toBe(`WE ENTERTAINMENT ${info.label}`);
      expect(feedTitle(kind, "en")).toBe(`WE ENTERTAINMENT ${info.en.name}`);
      expect(feedDescription(kind, "en")).toBe(postKindText(kind, "en").description);
      expect(postKindText(kind, "en").heading).toBe(info.en.name);
      expect(AUDIT_ENTITY_LABELS[kind]).toBe(info.label);
    }
    // A list of notices is "Notices" in English; the original menu word stays "Notice" (requirements R3.2).
    expect(postKindText("notice", "en")).toMatchObject({ name: "Notices", heading: "Notices" });
    expect(postKindText("notice", "ko")).toMatchObject({ name: "공지사항", heading: "Notice" });
    expect(messagesFor("en").posts.viewAll(postKindText("notice", "en").name)).toBe("All notices");
  });

  it("the OpenAPI schemas are generated from the zod input schemas: the same fields and limits", () => {
    const post = schemas.PostInput!;
    expect(post.required).toEqual(["title", "content"]);
    expect(post.properties!.title).toMatchObject({ type: "string", minLength: 1, maxLength: MAX_TITLE_LENGTH });
    expect(post.properties!.content).toMatchObject({ type: "string", maxLength: MAX_CONTENT_LENGTH });

    const artist = schemas.ArtistInput!;
    expect(Object.keys(artist.properties!).sort()).toEqual(
      [...ARTIST_TEXT_FIELDS.map((f) => f.seedName), ...ARTIST_LIST_FIELD_INFO.map((f) => f.seedName), "imgList", "reelList", "version", "en"].sort(),
    );
    // The showreels (decision 046): optional, at most 5 of { url, title }.
    expect(artist.required).not.toContain("reelList");
    expect(artist.properties!.reelList).toMatchObject({ type: "array", maxItems: MAX_REELS, items: { type: "object", required: ["url"] } });
    expect(artist.required).toEqual(["name"]);
    // The English profile: optional, its birthday and the eight lists with the same limits.
    const english = artist.properties!.en!;
    expect(english.properties!.birthday).toMatchObject({ type: "string", maxLength: 30 });
    for (const field of ARTIST_LIST_FIELD_INFO) expect(english.properties![field.seedName], `en.${field.seedName}`).toMatchObject({ type: "array", maxItems: MAX_LIST_ENTRIES });
    expect(post.properties!.titleEn).toMatchObject({ type: "string" });
    expect(post.required).not.toContain("titleEn");
    for (const field of ARTIST_TEXT_FIELDS) expect(artist.properties![field.seedName], field.seedName).toMatchObject({ type: "string", maxLength: field.maxLength });
    for (const field of ARTIST_LIST_FIELD_INFO) {
      const [asArray, asString] = artist.properties![field.seedName]!.anyOf!;
      expect(asArray, field.seedName).toMatchObject({ type: "array", maxItems: MAX_LIST_ENTRIES, items: { type: "string", maxLength: MAX_ENTRY_LENGTH } });
      expect(asString, field.seedName).toMatchObject({ type: "string" });
    }
    expect(artist.properties!.imgList!.anyOf![0]).toMatchObject({ type: "array", maxItems: MAX_ARTIST_IMAGES });

    const output = schemas.Artist!;
    expect(output.required!.sort()).toEqual([...ARTIST_TEXT_FIELDS.map((f) => f.seedName), ...ARTIST_LIST_FIELD_INFO.map((f) => f.seedName), "imgList", "reelList", "version"].sort());
    expect(JSON.stringify(OPENAPI_DOCUMENT.paths["/api/img"])).toContain(`${MAX_UPLOAD_BYTES / 1024 / 1024}MB`);
  });

  it("the admin form and the public page call the commercials list by the same name", () => {
    expect(ARTIST_LIST_FIELD_INFO.find((f) => f.key === "commercials")).toMatchObject({ label: { ko: "광고" }, title: "CF" });
  });
});
