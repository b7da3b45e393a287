import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers, artists as artistsTable, castingPackageAnswers, castingPackageArtists, castingPackages, castingPackageVisits, mailOutbox } from "../../../drizzle/schema";
import { MAX_ANSWERS_PER_DAY } from "../../../app/domain/casting-packages";
import { castingArtistPath, castingPackagePath } from "../../../app/domain/paths";
import { saveArtist, type SaveArtistRequest } from "../../../app/server/artists/artist-use-cases.server";
import { getArtist } from "../../../app/server/artists/artist-queries.server";
import { hashPassword } from "../../../app/server/auth/passwords.server";
import { provisionTotpSecret } from "../../../app/server/auth/second-factor.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { storeImage } from "../../../app/server/media/media.server";
import { createPackage, type PackageInput } from "../../../app/server/packages/package-use-cases.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getSiteSettings } from "../../../app/server/site/settings.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie, TEST_TOTP_SECRET } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * Casting packages (decision 047), through the admin forms and the recipient's pages: what the agency
 * chose is what the recipient sees, the token is the only way in (404 otherwise, 410 once closed or
 * expired on the services' clock), nothing is cached or indexed, a visit counts once, answers reach the
 * agency, and the outbox gets the first-open and answer notices.
 */

const SYSTEM: Actor = { staffId: null, via: "system", label: "패키지 테스트" };
const TOKEN_IN_PATH = /\/casting\/([A-Za-z0-9_-]{43})/;

async function photo(hue: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: hue, g: 120, b: 200 - hue / 2 } } }).jpeg().toBuffer());
}

describe(`casting packages (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;
  let owner: string;
  let editor: string;
  let viewer: string;
  let casting: string;
  const ids = { a: 0, b: 0, c: 0 };
  const photos: Record<string, string[]> = {};

  beforeAll(async () => {
    // SMTP_URL turns on the outbox; nothing listens there, so queued notices stay in it for the test to read.
    app = await startInProcessApp("packages", { SMTP_URL: "smtp://127.0.0.1:9", MAX_ANONYMOUS_BODIES: "1000", MAX_ANONYMOUS_BODIES_PER_ADDRESS: "1000" });
    ({ runtime, baseURL } = app);
    owner = await signInCookie(baseURL);
    for (const role of ["editor", "viewer", "casting"] as const) {
      const account = { id: `pkg-${role}`, password: `password-of-${role}-1`, totpSecret: TEST_TOTP_SECRET };
      await runtime.db.insert(staffUsers).values({ loginId: account.id, passwordHash: await hashPassword(account.password), role, displayName: `${role} 담당`, email: role === "editor" ? "editor@we.example" : "" });
      if (role === "casting") await provisionTotpSecret(runtime.db, runtime.sessionSecret, account.id, TEST_TOTP_SECRET);
      const cookie = await signInCookie(baseURL, account);
      if (role === "editor") editor = cookie;
      else if (role === "viewer") viewer = cookie;
      else casting = cookie;
    }
    const save = (request: Partial<SaveArtistRequest> & Pick<SaveArtistRequest, "input">) =>
      saveArtist(runtime, SYSTEM, { existingName: null, status: "public", displayOrder: null, expectedVersion: null, ...request });
    const artists = [
      { key: "a", name: "한서윤", nameEn: "HAN SEOYOON", birthday: "1995.03.14", height: "168", dramas: ["2024 드라마 〈봄날의 기록〉 '지현' 역", "2022 드라마 〈숨은 정원〉 '유나' 역"], films: ["2025 영화 〈바람의 언덕〉 '수아' 역"], en: { dramas: ["2024 Drama <Records of Spring>, Ji-hyun", "2022 Drama <Hidden Garden>, Yuna"] }, reels: [{ url: "https://youtu.be/dQw4w9WgXcQ", title: "2025 쇼릴" }] },
      { key: "b", name: "윤도겸", nameEn: "YOON DOGYEOM", birthday: "1990.07.02", height: "182", films: ["2026 영화 〈심야의 목격자〉 '강우진' 역"] },
      { key: "c", name: "배준서", nameEn: "BAE JUNSEO", birthday: "1998.11.30", height: "176", theater: ["2023 연극 〈고도를 기다리며〉"] },
    ];
    let hue = 10;
    for (const artist of artists) {
      const imageUrls: string[] = [];
      for (let i = 0; i < 3; i++) imageUrls.push((await storeImage(runtime.db, runtime.storage, await photo((hue += 20)))).url);
      const { key, ...input } = artist;
      expect((await save({ input: { ...input, imageUrls } })).status).toBe("saved");
      const stored = (await getArtist(runtime.db, artist.name, "admin-site"))!;
      ids[key as keyof typeof ids] = stored.id;
      photos[key] = stored.images.map((image) => image.url);
    }
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  /** A Korean package for 필름 바다 with no message or address, made through the use case. */
  const packageFor = (title: string, artists: PackageInput["artists"]) =>
    createPackage(runtime, runtime.sessionSecret, SYSTEM, { title, recipientCompany: "필름 바다", recipientName: "이바다 PD", recipientEmail: "", locale: "ko", message: "", expiresOn: "", artists });

  const post = (cookie: string | null, path: string, fields: [string, string][], origin = baseURL) =>
    fetch(baseURL + path, {
      method: "POST",
      headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const get = (path: string, cookie?: string) => fetch(baseURL + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const packageRow = async (id: number) => (await runtime.db.select().from(castingPackages).where(eq(castingPackages.id, id)))[0]!;
  const outbox = async () => runtime.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  const mediaId = async (key: string, index: number) => (await getArtist(runtime.db, key === "a" ? "한서윤" : key === "b" ? "윤도겸" : "배준서", "admin-site"))!.images[index]!.id;

  /** Creates a package through the form as `cookie`; its id and token (read from its admin page). */
  async function createThroughForm(cookie: string, overrides: Record<string, string> = {}) {
    const fields: [string, string][] = [
      ["title", "〈가제〉 시리즈 캐스팅 제안"],
      ["recipientCompany", "스튜디오 하늘"],
      ["recipientName", "김하늘 캐스팅 디렉터"],
      ["recipientEmail", ""],
      ["locale", "ko"],
      ["message", "안녕하세요. 〈가제〉 시리즈에 어울릴 배우들을 골랐습니다."],
      ["expiresOn", ""],
      ["artist", String(ids.a)],
      ["artist", String(ids.b)],
      ["artist", String(ids.c)],
      // The order typed in: 윤도겸, 한서윤, 배준서.
      [`order-${ids.b}`, "1"],
      [`order-${ids.a}`, "2"],
      [`order-${ids.c}`, "3"],
      [`photo-${ids.a}`, String(await mediaId("a", 1))],
      [`credit-${ids.a}`, "dramas|2024 드라마 〈봄날의 기록〉 '지현' 역"],
      [`note-${ids.a}`, "차분한 연기가 돋보이는 배우입니다."],
      [`note-${ids.b}`, "최근 남우주연상을 받았습니다."],
    ].map(([name, value]) => [name!, overrides[name!] ?? value!] as [string, string]);
    const response = await post(cookie, "/admin/packages/new", fields);
    expect(response.status, await response.clone().text()).toBe(302);
    const location = response.headers.get("location")!;
    const id = Number(/\/admin\/packages\/(\d+)$/.exec(location)?.[1]);
    expect(id).toBeGreaterThan(0);
    const page = await get(location, cookie);
    expect(page.status).toBe(200);
    const token = TOKEN_IN_PATH.exec(await page.text())?.[1];
    expect(token, "the link is on the package's page").toBeTruthy();
    return { id, token: token! };
  }

  it("an owner builds a package with the form: the recipient's page shows the chosen order, photos, credits and notes, and nothing is cached or indexed", async () => {
    const { id, token } = await createThroughForm(owner);
    const list = await (await get("/admin/packages", owner)).text();
    expect(list).toContain("〈가제〉 시리즈 캐스팅 제안");
    expect(list).toContain("아직 열지 않음");

    const page = await get(castingPackagePath(token));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(page.headers.get("x-cache")).toBeNull();
    // No other site learns the address; the page's own forms keep their Origin header (no-referrer would make it "null").
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    expect(page.headers.get("set-cookie")).toMatch(/^we_casting_visit=[A-Za-z0-9_-]{43}; Path=\/casting\/[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax/);
    const html = await page.text();
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    // A visitor's page without React (decision 027).
    expect(html).not.toContain("window.__reactRouterContext");
    expect(html).toContain("안녕하세요. 〈가제〉 시리즈에 어울릴 배우들을 골랐습니다.");
    expect(html.indexOf("윤도겸")).toBeLessThan(html.indexOf("한서윤"));
    expect(html.indexOf("한서윤")).toBeLessThan(html.indexOf("배준서"));
    expect(html).toContain("2024 드라마 〈봄날의 기록〉 &#x27;지현&#x27; 역");
    expect(html).not.toContain("숨은 정원");
    expect(html).toContain("차분한 연기가 돋보이는 배우입니다.");
    expect(html).toContain("만 ");
    // 한서윤's chosen photo is her second one; without a choice, the main photo.
    const stem = (url: string) => url.replace(/\.[a-z]+$/, "");
    expect(html).toContain(stem(photos.a![1]!));
    expect(html).not.toContain(stem(photos.a![0]!));
    expect(html).toContain(stem(photos.b![0]!));
    expect(runtime.pageCache.size).toBe(0);

    const profile = await get(castingArtistPath(token, ids.a), `we_casting_visit=${/we_casting_visit=([^;]+)/.exec(page.headers.get("set-cookie")!)![1]}`);
    expect(profile.status).toBe(200);
    expect(profile.headers.get("cache-control")).toBe("private, no-store");
    const profileHtml = await profile.text();
    // Her credits and the agency's note; her showreel as on the public profile: a poster of ours linking to
    // the video, no player before a click.
    for (const text of ["출연작과 경력", "숨은 정원", "차분한 연기가 돋보이는 배우입니다.", ">영상</h2>", 'href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"', "2025 쇼릴"]) {
      expect(profileHtml).toContain(text);
    }
    expect(profileHtml).not.toContain("<iframe");
    expect(profileHtml).not.toContain("youtube-nocookie");
    expect(runtime.pageCache.size).toBe(0);

    const row = await packageRow(id);
    expect(row.visitCount).toBe(1);
    expect(row.firstOpenedAt).not.toBeNull();
    // Not listed anywhere public: the sitemap, the feeds and the JSON API know nothing of packages.
    for (const path of ["/sitemap.xml", "/news/rss.xml", "/api/we/actorList"]) {
      const body = await (await get(path)).text();
      expect(body.includes("/casting"), path).toBe(false);
      expect(body.includes(token), path).toBe(false);
    }
    const admin = await (await get(`/admin/packages/${id}`, owner)).text();
    expect(admin).toContain("방문 1회");
    expect(admin).toMatch(/열어 봄 \(/);
  });

  it("a visit counts once: the same visit within the idle time does not count again, a new browser or a long pause does", async () => {
    const { id, token } = await createThroughForm(owner);
    // A messenger drawing the link's preview, a HEAD request and staff checking the link are not visits.
    const before = (await outbox()).length;
    for (const agent of ["facebookexternalhit/1.1", "Mozilla/5.0 (compatible; kakaotalk-scrap/1.0)", "Slackbot-LinkExpanding 1.0"]) {
      expect((await fetch(baseURL + castingPackagePath(token), { headers: { "User-Agent": agent } })).status).toBe(200);
    }
    expect((await fetch(baseURL + castingPackagePath(token), { method: "HEAD" })).status).toBe(200);
    const staffView = await (await get(castingPackagePath(token), owner)).text();
    expect(staffView).toContain("관리자 미리보기입니다.");
    expect((await packageRow(id)).visitCount).toBe(0);
    expect((await packageRow(id)).firstOpenedAt).toBeNull();
    expect(await outbox()).toHaveLength(before);
    const first = await get(castingPackagePath(token));
    const cookie = `we_casting_visit=${/we_casting_visit=([^;]+)/.exec(first.headers.get("set-cookie")!)![1]}`;
    for (let i = 0; i < 3; i++) expect((await get(castingPackagePath(token), cookie)).status).toBe(200);
    expect((await get(castingArtistPath(token, ids.b), cookie)).status).toBe(200);
    expect((await packageRow(id)).visitCount).toBe(1);
    // Another browser (no cookie): a second visit.
    await get(castingPackagePath(token));
    expect((await packageRow(id)).visitCount).toBe(2);
    // The same browser after 31 minutes without a request: a third.
    const later = Date.now() + 31 * 60 * 1000;
    runtime.clock = () => new Date(later);
    try {
      const again = await get(castingPackagePath(token), cookie);
      expect(again.headers.get("set-cookie")).toMatch(/^we_casting_visit=/);
      expect((await packageRow(id)).visitCount).toBe(3);
      // The ended visits are gone from the table; only the open one is kept.
      const kept = await runtime.db.select().from(castingPackageVisits).where(eq(castingPackageVisits.packageId, id));
      expect(kept).toHaveLength(1);
    } finally {
      runtime.clock = undefined;
    }
  });

  it("the recipient marks two artists and sends a message; the agency sees them; the outbox gets one first-open and one answer notice; a cross-site post is refused", async () => {
    const before = (await outbox()).length;
    const { id, token } = await createThroughForm(editor);
    await get(castingPackagePath(token));
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress, "to the editor who made it").toBe("editor@we.example");
    expect(mails[0]!.subject).toBe("[WE ENTERTAINMENT] 캐스팅 패키지 열람: 〈가제〉 시리즈 캐스팅 제안");
    expect(mails[0]!.body).toContain("스튜디오 하늘 김하늘 캐스팅 디렉터님이 캐스팅 패키지를 처음 열었습니다.");
    expect(mails[0]!.body).toMatch(new RegExp(`^보기: https?://[^/]+/admin/packages/${id}$`, "m"));
    expect(mails[0]!.body, "never the recipient's link").not.toContain(token);

    const marked = await post(null, castingArtistPath(token, ids.a), [["back", "package"], ["mark", "interested"]]);
    expect(marked.status).toBe(303);
    expect(marked.headers.get("location")).toBe(`${castingPackagePath(token)}?answered=1#artist-${ids.a}`);
    expect((await post(null, castingArtistPath(token, ids.b), [["back", "package"], ["mark", "hold"]])).status).toBe(303);
    expect((await post(null, castingArtistPath(token, ids.a), [["back", "artist"], ["message", "다음 주에 미팅 가능할까요?"]])).status).toBe(303);
    // Another site's form: refused before anything is read, nothing stored.
    const foreign = await post(null, castingArtistPath(token, ids.c), [["mark", "interested"]], "https://evil.example");
    expect(foreign.status).toBe(403);
    // A mark that is not one: nothing stored either.
    expect((await post(null, castingArtistPath(token, ids.c), [["mark", "maybe"]])).status).toBe(303);

    const answers = await runtime.db.select().from(castingPackageAnswers).where(eq(castingPackageAnswers.packageId, id)).orderBy(castingPackageAnswers.id);
    expect(answers.map((a) => [a.artistId, a.mark, a.message])).toEqual([
      [ids.a, "interested", ""],
      [ids.b, "hold", ""],
      [ids.a, null, "다음 주에 미팅 가능할까요?"],
    ]);
    const recipientPage = await (await get(`${castingPackagePath(token)}?answered=1`)).text();
    expect(recipientPage).toContain("전달했습니다. 감사합니다.");
    // The chosen mark of each artist is the pressed button (decision 066); the third artist has none.
    expect(recipientPage).not.toContain("지금 표시");
    expect(recipientPage.match(/aria-pressed="true"/g)).toHaveLength(2);
    expect(recipientPage).toContain('value="interested" aria-pressed="true"');
    expect(recipientPage).toContain('value="hold" aria-pressed="true"');

    const admin = await (await get(`/admin/packages/${id}`, editor)).text();
    expect(admin).toContain("관심 있음");
    expect(admin).toContain("보류");
    expect(admin).toContain("다음 주에 미팅 가능할까요?");
    const dashboard = await (await get("/admin", owner)).text();
    expect(dashboard).toContain("캐스팅 패키지 소식");
    expect(dashboard).toContain("스튜디오 하늘에서 답변 3건을 남겼습니다");
    expect(dashboard).toContain("스튜디오 하늘에서 처음 열었습니다");

    // Three answers in a burst: one answer notice.
    const notices = (await outbox()).slice(before).map((m) => m.subject);
    expect(notices).toEqual(["[WE ENTERTAINMENT] 캐스팅 패키지 열람: 〈가제〉 시리즈 캐스팅 제안", "[WE ENTERTAINMENT] 캐스팅 패키지 답변: 〈가제〉 시리즈 캐스팅 제안"]);
  });

  it("a message over 1,000 characters is refused with the limit and given back whole, with or without JavaScript; 1,000 are taken whole", async () => {
    const { id, token } = await createThroughForm(owner);
    const path = castingArtistPath(token, ids.a);
    const stored = async () => (await runtime.db.select().from(castingPackageAnswers).where(eq(castingPackageAnswers.packageId, id))).map((a) => [a.mark, a.message]);
    // Hangul syllables count one each, as the textarea's maxlength counts them.
    const tooLong = `${"가나다라마바사아자차".repeat(100)}끝`;
    expect(tooLong).toHaveLength(1001);

    for (const fields of [[["back", "artist"], ["message", tooLong]], [["back", "artist"], ["mark", "interested"], ["message", tooLong]]] as [string, string][][]) {
      const refused = await post(null, path, fields);
      expect(refused.status).toBe(400);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
      const html = await refused.text();
      expect(html).toContain("메시지는 1,000자까지 쓸 수 있습니다. 지금 1,001자입니다.");
      expect(html, "the text is back in the box").toContain(`>${tooLong}</textarea>`);
      expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="message-error message-hint"/);
    }
    // The app's own fetch (React Router's .data request): the same refusal, as data.
    const enhanced = await post(null, `${path}.data`, [["back", "artist"], ["message", tooLong]]);
    expect(enhanced.status).toBe(400);
    const encoded = await enhanced.text();
    expect(encoded).toContain("메시지는 1,000자까지 쓸 수 있습니다. 지금 1,001자입니다.");
    expect(encoded).toContain(tooLong);
    expect(await stored(), "nothing saved").toEqual([]);

    // 1,000 characters, line breaks counted one each as the textarea counts them (a form sends them as CRLF).
    const lines = `${"가".repeat(498)}\r\n${"나".repeat(499)}\r\n다`;
    const longest = lines.replace(/\r\n/g, "\n");
    expect(longest).toHaveLength(1000);
    const accepted = await post(null, path, [["back", "artist"], ["message", lines]]);
    expect(accepted.status).toBe(303);
    expect(await stored(), "stored whole").toEqual([[null, longest]]);

    // The English package answers in English.
    const english = await createThroughForm(owner, { locale: "en" });
    const refusedEnglish = await post(null, castingArtistPath(english.token, ids.a), [["back", "artist"], ["message", `${"a".repeat(1233)}!`]]);
    expect(refusedEnglish.status).toBe(400);
    expect(await refusedEnglish.text()).toContain("A message can be up to 1,000 characters. This one has 1,234.");
  });

  it("a package takes at most MAX_ANSWERS_PER_DAY answers in 24 hours", async () => {
    const { id, token } = await createThroughForm(owner);
    await runtime.db.insert(castingPackageAnswers).values(Array.from({ length: MAX_ANSWERS_PER_DAY }, () => ({ packageId: id, artistId: ids.a, mark: "hold", message: "" })));
    const refused = await post(null, castingArtistPath(token, ids.a), [["mark", "interested"]]);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toContain("answered=0");
    expect(await (await get(refused.headers.get("location")!)).text()).toContain("전달하지 못했습니다.");
    const count = await runtime.db.select().from(castingPackageAnswers).where(eq(castingPackageAnswers.packageId, id));
    expect(count).toHaveLength(MAX_ANSWERS_PER_DAY);
  });

  it("a guessed or altered token, or another package's token with this package's artist, answers 404 with nothing of either package", async () => {
    const { token } = await createThroughForm(owner);
    const other = await packageFor("다른 제작사 제안", [{ artistId: ids.c, photoIds: [], credits: [], note: "" }]);
    expect(other.ok).toBe(true);
    const otherToken = TOKEN_IN_PATH.exec((await (await get(`/admin/packages/${(other as { id: number }).id}`, owner)).text()))![1]!;
    const altered = `${token.slice(0, 20)}${token[20] === "A" ? "B" : "A"}${token.slice(21)}`;
    const refused = [
      castingPackagePath(altered),
      castingPackagePath("A".repeat(43)),
      castingPackagePath("short"),
      castingArtistPath(altered, ids.a),
      castingArtistPath(otherToken, ids.a),
      `${castingPackagePath(token)}/999999`,
      `${castingPackagePath(token)}/abc`,
    ];
    for (const path of refused) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("set-cookie"), path).toBeNull();
      const body = await response.text();
      for (const planted of ["한서윤", "윤도겸", "〈가제〉", "스튜디오 하늘", "필름 바다", "다른 제작사"]) expect(body.includes(planted), `${path} shows ${planted}`).toBe(false);
    }
    // An answer with another package's token is refused the same way.
    expect((await post(null, castingArtistPath(otherToken, ids.a), [["mark", "interested"]])).status).toBe(404);
  });

  it("revoked through the form: 410 with a kind page in the package's language naming the agency's contact; English too", async () => {
    const settings = await getSiteSettings(runtime.db);
    const korean = await createThroughForm(owner);
    expect((await post(owner, `/admin/packages/${korean.id}`, [["intent", "revoke"]])).status).toBe(302);
    const gone = await get(castingPackagePath(korean.token));
    expect(gone.status).toBe(410);
    expect(gone.headers.get("cache-control")).toBe("private, no-store");
    expect(gone.headers.get("x-robots-tag")).toMatch(/noindex/);
    const html = await gone.text();
    expect(html).toContain("이 캐스팅 제안은 더 이상 볼 수 없습니다");
    expect(html).toContain(settings.phone);
    expect(html).toContain(settings.email);
    expect(html).not.toContain("한서윤");
    expect((await get(castingArtistPath(korean.token, ids.a))).status).toBe(410);
    expect((await post(null, castingArtistPath(korean.token, ids.a), [["mark", "interested"]])).status).toBe(410);

    const english = await createThroughForm(owner, { locale: "en" });
    expect((await packageRow(english.id)).locale).toBe("en");
    const open = await (await get(castingPackagePath(english.token))).text();
    expect(open).toContain("A casting proposal from WE ENTERTAINMENT");
    expect(open).toContain("HAN SEOYOON");
    expect(open).toContain("2024 Drama &lt;Records of Spring&gt;, Ji-hyun");
    expect((await post(owner, `/admin/packages/${english.id}`, [["intent", "revoke"]])).status).toBe(302);
    const englishGone = await get(castingPackagePath(english.token));
    expect(englishGone.status).toBe(410);
    const englishHtml = await englishGone.text();
    expect(englishHtml).toContain("This casting proposal is no longer available");
    expect(englishHtml).toContain(settings.phone);
  });

  it("expires exactly at its expiry time on the services' clock; extending it opens it again", async () => {
    const start = new Date("2027-01-10T03:00:00Z");
    runtime.clock = () => start;
    try {
      const { id, token } = await createThroughForm(owner);
      expect((await post(owner, `/admin/packages/${id}`, [["intent", "extend"], ["expiresOn", "2027-01-20"]])).status).toBe(302);
      const { expiresAt } = await packageRow(id);
      // The last day is 2027-01-20 in Korea: the link closes at 2027-01-21 00:00 KST.
      expect(expiresAt.toISOString()).toBe("2027-01-20T15:00:00.000Z");
      runtime.clock = () => new Date(expiresAt.getTime() - 1);
      expect((await get(castingPackagePath(token))).status).toBe(200);
      runtime.clock = () => new Date(expiresAt.getTime());
      expect((await get(castingPackagePath(token))).status).toBe(410);
      expect((await get(castingArtistPath(token, ids.a))).status).toBe(410);
      expect((await post(owner, `/admin/packages/${id}`, [["intent", "extend"], ["expiresOn", "2027-01-25"]])).status).toBe(302);
      expect((await get(castingPackagePath(token))).status).toBe(200);
    } finally {
      runtime.clock = undefined;
    }
  });

  it("duplicates a package for another recipient with a link of its own; the first is untouched", async () => {
    const { id, token } = await createThroughForm(owner);
    const copied = await post(owner, `/admin/packages/${id}`, [
      ["intent", "duplicate"],
      ["recipientCompany", "필름 바다"],
      ["recipientName", "이바다 PD"],
      ["recipientEmail", "bada@example.com"],
      ["copyExpiresOn", ""],
    ]);
    expect(copied.status).toBe(302);
    const copyId = Number(/\/admin\/packages\/(\d+)$/.exec(copied.headers.get("location")!)![1]);
    expect(copyId).not.toBe(id);
    const copyPage = await (await get(`/admin/packages/${copyId}`, owner)).text();
    const copyToken = TOKEN_IN_PATH.exec(copyPage)![1]!;
    expect(copyToken).not.toBe(token);
    expect(copyPage).toContain("필름 바다");
    const recipient = await (await get(castingPackagePath(copyToken))).text();
    expect(recipient).toContain("필름 바다 이바다 PD님께");
    expect(recipient).toContain("차분한 연기가 돋보이는 배우입니다.");
    expect((await packageRow(id)).recipientCompany).toBe("스튜디오 하늘");
    const audit = await (await get("/admin/audit", owner)).text();
    expect(audit).toContain("캐스팅 패키지 복제");
  });

  it("a refused form keeps everything chosen: the artists, their order, photos, credits and notes", async () => {
    const photoId = await mediaId("a", 2);
    const response = await post(owner, "/admin/packages/new", [
      ["title", ""],
      ["recipientCompany", "스튜디오 하늘"],
      ["recipientName", "김하늘"],
      ["artist", String(ids.a)],
      [`order-${ids.a}`, "2"],
      [`photo-${ids.a}`, String(photoId)],
      [`credit-${ids.a}`, "films|2025 영화 〈바람의 언덕〉 '수아' 역"],
      [`note-${ids.a}`, "다시 보여야 할 메모"],
    ]);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("제목을 입력해 주세요.");
    // One input's markup, whatever the attributes' order.
    const input = (name: string, value: string) =>
      [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`));
    expect(input("artist", String(ids.a))).toEqual([expect.stringContaining('checked=""')]);
    expect(input("artist", String(ids.b))).toEqual([expect.not.stringContaining("checked")]);
    expect(input(`order-${ids.a}`, "2")).toHaveLength(1);
    expect(input(`photo-${ids.a}`, String(photoId))).toEqual([expect.stringContaining('checked=""')]);
    expect(input(`credit-${ids.a}`, "films|2025 영화 〈바람의 언덕〉 &#x27;수아&#x27; 역")).toEqual([expect.stringContaining('checked=""')]);
    expect(html).toContain("다시 보여야 할 메모");
  });

  it("the roles: owners and editors use the packages; read-only and casting staff are refused by the gate", async () => {
    expect((await get("/admin/packages", editor)).status).toBe(200);
    expect((await get("/admin/packages/new", editor)).status).toBe(200);
    for (const cookie of [viewer, casting]) {
      expect((await get("/admin/packages", cookie)).status).toBe(403);
      const refused = await post(cookie, "/admin/packages/new", [["title", "몰래 만든 패키지"], ["recipientCompany", "x"], ["recipientName", "y"], ["artist", String(ids.a)]]);
      expect(refused.status).toBe(403);
    }
    const titles = (await runtime.db.select({ title: castingPackages.title }).from(castingPackages)).map((r) => r.title);
    expect(titles).not.toContain("몰래 만든 패키지");
    // Signed out: to the sign-in page.
    expect((await get("/admin/packages")).status).toBe(302);
  });

  it("an artist who has left the agency since is no longer in the package; a replaced photo falls back to the main one", async () => {
    const made = await packageFor("전속 종료 확인", [
      { artistId: ids.b, photoIds: [await mediaId("b", 2)], credits: [], note: "" },
      { artistId: ids.c, photoIds: [], credits: [], note: "떠날 배우" },
    ]);
    expect(made.ok).toBe(true);
    const id = (made as { id: number }).id;
    const token = TOKEN_IN_PATH.exec(await (await get(`/admin/packages/${id}`, owner)).text())![1]!;
    await runtime.db.update(castingPackageArtists).set({ photoIds: [999_999] }).where(and(eq(castingPackageArtists.packageId, id), eq(castingPackageArtists.artistId, ids.b)));
    await runtime.db.update(artistsTable).set({ status: "former" }).where(eq(artistsTable.id, ids.c));
    try {
      const html = await (await get(castingPackagePath(token))).text();
      expect(html).not.toContain("배준서");
      expect(html).not.toContain("떠날 배우");
      expect(html).toContain(photos.b![0]!.replace(/\.[a-z]+$/, ""));
      expect((await get(castingArtistPath(token, ids.c))).status).toBe(404);
    } finally {
      await runtime.db.update(artistsTable).set({ status: "public" }).where(eq(artistsTable.id, ids.c));
    }
  });
});
