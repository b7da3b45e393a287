import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGLISH_ROUTES, SITE_ROUTES, type SiteRoute } from "../../../app/domain/site-routes";
import { saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { getArtist } from "../../../app/server/artists/artist-queries.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { listRevisions } from "../../../app/server/history/revisions.server";
import { storeImage } from "../../../app/server/media/media.server";
import { createPackage } from "../../../app/server/packages/package-use-cases.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { inviteStaff } from "../../../app/server/staff/staff-invitations.server";
import { createTestApplication } from "../../fixtures/auditions";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { routeAddress } from "../../setup/route-addresses";
import { signInCookie } from "../../setup/sign-in";
import { call } from "../../setup/site-requests";
import { testEngine } from "../../setup/test-database";

/**
 * Every page of the site is valid HTML by the W3C Nu HTML checker (issue 40, decision 067): each route
 * of the route table that renders a document (a `.tsx` module for visitors or staff), in both languages,
 * with planted records for its parameters, the visitors' pages both as a visitor and as staff see them
 * (with the edit controls). The HTML is fetched from a running app and checked in one run of vnu.jar
 * (one JVM start for the file); errors fail the test, warnings and notes do not.
 */

const SYSTEM: Actor = { staffId: null, via: "system", label: "HTML 검사" };
const TOKEN_IN_PATH = /\/casting\/([A-Za-z0-9_-]{43})/;
const run = promisify(execFile);
/** The checker's jar in the pinned npm package (vnu-jar exports its path; it ships no types). */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/** A message of vnu's JSON output (https://github.com/validator/validator/wiki/Output-»-JSON). */
interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Whether a route answers with a page (a React component), not a file or JSON. */
function rendersDocument(route: SiteRoute): boolean {
  return route.file.endsWith(".tsx") && (route.audience === "public" || route.audience === "admin");
}

/**
 * An editor's optional last parameter ("/adminActor/:name?") is asked both ways: the new record's form
 * and a record's. (The preview without an id only takes the editor's POST.)
 */
function patternsOf(route: SiteRoute): SiteRoute[] {
  const optional = /\/:\w+\?$/.exec(route.pattern);
  return optional && !route.pattern.startsWith("/admin/preview") ? [route, { ...route, pattern: route.pattern.slice(0, optional.index) }] : [route];
}

/**
 * Pages that cannot be shown by a plain request, and why: they answer a redirect instead, which the
 * test checks (so a page that starts to answer is noticed and then checked).
 */
const REDIRECTED = new Set([
  // The second sign-in step needs the pending cookie of a first step.
  "/adminLogin/verify",
]);

describe(`every page is valid HTML by the Nu checker (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;
  let cookie: string;
  const values: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startInProcessApp("html-validity");
    ({ runtime, baseURL } = app);
    cookie = await signInCookie(baseURL);
    const photo = await storeImage(runtime.db, runtime.storage, await sharp({ create: { width: 600, height: 800, channels: 3, background: "#c96" } }).jpeg().toBuffer());
    const name = "검사배우";
    const saved = await saveArtist(runtime, SYSTEM, {
      existingName: null,
      status: "public",
      displayOrder: null,
      expectedVersion: null,
      input: { name, nameEn: "CHECK ACTOR", birthday: "1995.03.14", height: "168", dramas: ["2024 드라마 〈봄날〉"], imageUrls: [photo.url] },
    });
    expect(saved.status).toBe("saved");
    const artist = (await getArtist(runtime.db, name, "admin-site"))!;
    const news = await call({ baseURL }, { method: "POST", path: "/api/we/writenews", cookie, body: { title: "검사 소식", content: `<p>본문</p><p><img src="${photo.url}" alt="사진"></p>` } });
    const newsId = (news.body as { postId: number }).postId;
    await call({ baseURL }, { method: "PUT", path: `/api/we/updatenews/${newsId}`, cookie, body: { title: "검사 소식", content: "<p>고친 본문</p>" } });
    const notice = await call({ baseURL }, { method: "POST", path: "/api/we/writenotice", cookie, body: { title: "검사 공지", content: "<p>공지 본문</p>" } });
    const revision = (await listRevisions(runtime.db, "post", newsId))[0]!;
    const application = await createTestApplication(runtime, { name: "검사지원자" });
    const made = await createPackage(runtime, runtime.sessionSecret, SYSTEM, {
      title: "검사 패키지",
      recipientCompany: "필름 바다",
      recipientName: "이바다 PD",
      recipientEmail: "",
      locale: "ko",
      message: "",
      expiresOn: "",
      artists: [{ artistId: artist.id, photoIds: [], credits: [], note: "", reel: "" }],
    });
    if (!made.ok) throw new Error(`package: ${made.message}`);
    const packagePage = await (await fetch(`${baseURL}/admin/packages/${made.id}`, { headers: { Cookie: cookie } })).text();
    const invited = await inviteStaff(runtime, SYSTEM, { displayName: "검사 직원", email: "check.staff@example.com", role: "editor" });
    if (!invited.ok) throw new Error(`invitation: ${invited.message}`);
    Object.assign(values, {
      name: encodeURIComponent(name),
      token: TOKEN_IN_PATH.exec(packagePage)![1]!,
      artistId: String(artist.id),
      revisionId: String(revision.id),
    });
    Object.assign(ids, {
      news: String(newsId),
      notice: String((notice.body as { postId: number }).postId),
      media: String(artist.images[0]!.id),
      application: String(application.id),
      package: String(made.id),
      artist: String(artist.id),
      invitation: invited.link.split("/").pop()!,
    });
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  /** A route's address with the planted record its parameters name. */
  function addressOf(route: SiteRoute): string {
    const p = route.pattern;
    const id = p.startsWith("/admin/auditions")
      ? ids.application
      : p.startsWith("/admin/media")
        ? ids.media
        : p.startsWith("/admin/packages")
          ? ids.package
          : p.startsWith("/admin/preview") && !p.includes(":subject")
            ? ids.artist
            : ids.news;
    const postId = p.includes("otice") ? ids.notice : ids.news;
    return routeAddress(route, { ...values, id: id!, postId: postId!, token: p.startsWith("/adminInvite") ? ids.invitation! : values.token! });
  }

  it("answers every document route with HTML that has no errors", async () => {
    const routes = [...SITE_ROUTES, ...ENGLISH_ROUTES].filter(rendersDocument).flatMap(patternsOf);
    // An artist's preview and history as well as a post's.
    const pages: { url: string; signedIn: boolean }[] = [`/admin/preview/artist/${ids.artist}`, `/admin/history/artist/${ids.artist}`].map((url) => ({ url, signedIn: true }));
    for (const route of routes) {
      const url = addressOf(route);
      const staffOnly = (route.access ?? "staff") !== "public";
      pages.push({ url, signedIn: staffOnly });
      // The visitors' pages as staff see them too: with the edit controls and the workspace's script.
      if (route.audience === "public") pages.push({ url, signedIn: true });
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "we-vnu-"));
    const files = new Map<string, string>();
    const answers: string[] = [];
    // The site's own 404 pages: a visitor's, an English one, the workspace's (a record that is not there).
    const notFound = [
      { url: "/no-such-page", signedIn: false },
      { url: "/en/no-such-page", signedIn: false },
      { url: "/no-such-page", signedIn: true },
      { url: "/admin/history/post/999999", signedIn: true },
      { url: "/adminNewsWrite/999999", signedIn: true },
    ];
    pages.push(...notFound);
    for (const [index, page] of pages.entries()) {
      const response = await fetch(baseURL + page.url, { headers: page.signedIn ? { Cookie: cookie } : {}, redirect: "manual" });
      const what = `${page.url}${page.signedIn ? " (staff)" : ""}`;
      if (notFound.includes(page)) {
        if (response.status !== 404) answers.push(`${what}: ${response.status}, expected 404`);
        const html = await response.text();
        // One title, the error's (the boundary once added a second one to the head).
        const titles = html.split("</head>")[0]!.match(/<title>[^<]*<\/title>/g) ?? [];
        const expected = page.url.startsWith("/en/") ? "Page not found | WE ENTERTAINMENT" : "페이지를 찾을 수 없습니다 | WE ENTERTAINMENT";
        if (titles.length !== 1 || titles[0] !== `<title>${expected}</title>`) answers.push(`${what}: titles ${titles.join(" ")}`);
        const file = path.join(dir, `page-${index}.html`);
        fs.writeFileSync(file, html);
        files.set(`file:${file}`, what);
        continue;
      }
      if (REDIRECTED.has(page.url)) {
        if (response.status !== 302 && response.status !== 303) answers.push(`${what}: ${response.status}, expected a redirect (now check it)`);
        continue;
      }
      if (response.status !== 200) {
        answers.push(`${what}: ${response.status}`);
        continue;
      }
      const file = path.join(dir, `page-${index}.html`);
      fs.writeFileSync(file, await response.text());
      files.set(`file:${file}`, what);
    }
    expect(answers, "every page answers 200 with its planted record").toEqual([]);
    expect(files.size).toBeGreaterThan(60);

    // --exit-zero-always: the JSON says what is wrong; the exit status would only say that something is.
    const { stderr } = await run("java", ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files.keys()].map((a) => a.replace(/^file:/, "")), {
      maxBuffer: 64 * 1024 * 1024,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    const messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => `${files.get(m.url ?? "") ?? m.url} line ${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 120)}]` : ""}`);
    expect(errors).toEqual([]);
  }, 300_000);
});
