import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call, getPage, postForm } from "../../setup/site-requests";
import { personSchema } from "../../fixtures/structured-data";

/** Showreels (decision 046): the admin form with and without valid reels, the API, the public pages, the CSP and the JSON-LD. */
describe(`artists' showreels (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  const name = "영상배우";
  const editor = `/adminActor/${encodeURIComponent(name)}`;

  /** The artist form as sent without JavaScript: the name, the reels' rows, and what else is given. */
  const form = (reels: [string, string][], more: [string, string][] = []): [string, string][] => [
    ["name", name],
    ["nameEn", "YEONG SANG"],
    ["status", "public"],
    ["displayOrder", ""],
    ["education", "한국예술종합학교"],
    ...reels.flatMap(([url, title]): [string, string][] => [
      ["reelUrl", url],
      ["reelTitle", title],
    ]),
    ...more,
  ];
  const versionOf = async () => Number(/name="version" value="(\d+)"/.exec((await getPage(server, editor, server.cookie)).html)?.[1]);
  const apiArtist = async () => (await call(server, { method: "GET", path: `/api/we/actorList/${encodeURIComponent(name)}` })).body as Record<string, unknown>;

  beforeAll(async () => {
    const created = await postForm(server, server.cookie, "/adminActor", form([["https://youtu.be/dQw4w9WgXcQ?si=share", "2025 쇼릴"]]));
    expect(created.status).toBe(302);
  });

  it("the form stores provider and id: the editor shows our address of the video, the API gives reelList beside every field of requirements R9.5", async () => {
    const { html } = await getPage(server, editor, server.cookie);
    expect(html).toContain('value="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).not.toContain("si=share");
    expect(html).toContain('value="2025 쇼릴"');
    const artist = await apiArtist();
    expect(artist.reelList).toEqual([{ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "2025 쇼릴", provider: "youtube" }]);
    // The original fields keep their shapes (lists as JSON strings).
    expect(JSON.parse(artist.schoolList as string)).toEqual(["한국예술종합학교"]);
    expect(typeof artist.imgList).toBe("string");
    const list = (await call(server, { method: "GET", path: "/api/we/actorList" })).body as Record<string, unknown>[];
    expect(list.find((a) => a.name === name)?.reelList).toEqual(artist.reelList);
  });

  it("a refused address is a 400 naming the reel in Korean; everything typed comes back and nothing is saved", async () => {
    const version = await versionOf();
    for (const hostile of ["https://evil.example/video.mp4", "javascript:alert(1)", "data:text/html,<b>x</b>", "http://127.0.0.1/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/watch?v=bad"]) {
      const refused = await postForm(
        server,
        server.cookie,
        editor,
        form(
          [
            ["https://vimeo.com/76979871", "새 제목"],
            [hostile, "두 번째"],
          ],
          [["version", String(version)], ["height", "177"]],
        ),
      );
      expect(refused.status, hostile).toBe(400);
      const html = await refused.text();
      expect(html).toContain("2번 영상: YouTube, Vimeo, 네이버TV 영상 주소만 넣을 수 있습니다.");
      expect(html).toContain('id="reels-error"');
      // What was typed is kept: the other reel, the refused address (as text in its box), the other fields.
      expect(html).toContain('value="https://vimeo.com/76979871"');
      expect(html).toContain('value="두 번째"');
      expect(html).toContain('value="177"');
    }
    const tooMany = await postForm(server, server.cookie, editor, form(Array.from({ length: 6 }, (_, i): [string, string] => [`https://vimeo.com/${i + 1}`, ""]), [["version", String(version)]]));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("영상은 5개까지 넣을 수 있습니다.");
    expect(await versionOf()).toBe(version);
    expect((await apiArtist()).reelList).toEqual([{ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "2025 쇼릴", provider: "youtube" }]);
  });

  it("without JavaScript the rows' 아래로, 삭제 and 추가 come back changed, with focus on the moved row", async () => {
    const rows: [string, string][] = [
      ["https://vimeo.com/111", "첫째"],
      ["https://tv.naver.com/v/222", "둘째"],
    ];
    const down = await postForm(server, server.cookie, editor, form(rows, [["version", "1"], ["listMove", "reels:0:down"]]));
    expect(down.status).toBe(200);
    const downHtml = await down.text();
    expect(downHtml.indexOf('value="둘째"')).toBeLessThan(downHtml.indexOf('value="첫째"'));
    expect(downHtml).toMatch(/id="reels-up-1"[^>]*autofocus|autofocus[^>]*id="reels-up-1"/);
    const removed = await (await postForm(server, server.cookie, editor, form(rows, [["version", "1"], ["listMove", "reels:0:remove"]]))).text();
    expect(removed).not.toContain('value="첫째"');
    expect(removed).toContain('value="둘째"');
    // A row emptied by hand still counts for the buttons' indexes: 삭제 on the row after it removes that row.
    const afterBlank = await (await postForm(server, server.cookie, editor, form([["", ""], ...rows], [["version", "1"], ["listMove", "reels:1:remove"]]))).text();
    expect(afterBlank).not.toContain('value="첫째"');
    expect(afterBlank).toContain('value="둘째"');
    expect(afterBlank).toMatch(/id="reels-entry-0"[^>]*autofocus|autofocus[^>]*id="reels-entry-0"/);
    // 추가: the new reel's row (sent last) becomes an entry, and the empty box for the next one has the focus.
    const added = await (await postForm(server, server.cookie, editor, form([...rows, ["https://youtu.be/dQw4w9WgXcQ", "셋째"]], [["version", "1"], ["listMove", "reels:add"]]))).text();
    expect(added).toMatch(/id="reels-entry-2"[^>]*value="https:\/\/youtu.be\/dQw4w9WgXcQ"|value="https:\/\/youtu.be\/dQw4w9WgXcQ"[^>]*id="reels-entry-2"/);
    expect(added).toMatch(/id="reels"[^>]*autofocus|autofocus[^>]*id="reels"/);
  });

  it("a save with valid reels keeps their order; the history and the activity log name 영상", async () => {
    const saved = await postForm(
      server,
      server.cookie,
      editor,
      form(
        [
          ["https://tv.naver.com/v/12345678", ""],
          ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "2025 쇼릴"],
          ["vimeo.com/76979871", "무대 <인터뷰> & \"비하인드\""],
        ],
        [["version", String(await versionOf())]],
      ),
    );
    expect(saved.status).toBe(302);
    expect((await apiArtist()).reelList).toEqual([
      { url: "https://tv.naver.com/v/12345678", title: "", provider: "navertv" },
      { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "2025 쇼릴", provider: "youtube" },
      { url: "https://vimeo.com/76979871", title: '무대 <인터뷰> & "비하인드"', provider: "vimeo" },
    ]);
    const audit = (await getPage(server, "/admin/audit", server.cookie)).html;
    expect(audit).toContain(`${name} (영상 변경)`);
    const id = ((await call(server, { method: "GET", path: "/admin/artists", cookie: server.cookie })).body as string).match(new RegExp(`/admin/history/artist/(\\d+)`))?.[1];
    expect(id).toBeDefined();
    const history = (await getPage(server, `/admin/history/artist/${id}`, server.cookie)).html;
    // The newest version changed the reels (and nothing else); the ones before it named what they changed.
    const changed = [...history.matchAll(/바뀐 항목: ([^<]*)/g)].map((m) => m[1]);
    expect(changed[0]).toBe("영상");
    // The revision's comparison reads the reels one per line, by provider, title and our address.
    const revisionId = new RegExp(`/admin/history/artist/${id}/(\\d+)`).exec(history)?.[1];
    const compared = (await getPage(server, `/admin/history/artist/${id}/${revisionId}`, server.cookie)).html;
    expect(compared).toContain("YouTube · 2025 쇼릴 · https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });

  it("the public profile shows posters of ours: plain links to the videos in a new tab, no frame, no other third-party address; frame-src lists exactly the three players", async () => {
    const { status, html, headers } = await getPage(server, `/artist/${encodeURIComponent(name)}`);
    expect(status).toBe(200);
    const section = /<section class="reels-section"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(section).toContain(">영상</h2>");
    expect(section).toContain('data-widget="reel-player"');
    expect(section).toMatch(/<a class="reels__poster" href="https:\/\/tv\.naver\.com\/v\/12345678" target="_blank" rel="noopener noreferrer">/);
    expect(section).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(section).toContain('href="https://vimeo.com/76979871"');
    // Named by the title, else by the artist; the title escaped; the provider said.
    expect(section).toContain(`${name} 영상 1`);
    expect(section).toContain("무대 &lt;인터뷰&gt; &amp; &quot;비하인드&quot;");
    expect(section).toContain("네이버TV");
    expect(section).toContain("YouTube에서 보기 (새 창)");
    // No player, no provider image or script before a click, anywhere on the page.
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/ytimg|i\.vimeocdn|pstatic|<img[^>]+(youtube|vimeo|naver)/i);
    const thirdParty = [...html.matchAll(/(?:src|href|srcset|poster|data)=["']([^"']*)["']/gi)].map((m) => m[1]!).filter((url) => /^(https?:)?\/\//.test(url) && !url.startsWith(server.baseURL));
    const links = ["https://tv.naver.com/v/12345678", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://vimeo.com/76979871"];
    // (The footer's links to the agency's own channels are another matter: the test data puts them on .example hosts.)
    for (const url of thirdParty.filter((u) => /youtube\.com|youtu\.be|youtube-nocookie|vimeo|naver\.com/.test(u))) expect(links).toContain(url);

    const policy = headers.get("content-security-policy") ?? "";
    expect(policy.split(";").map((d) => d.trim()).filter((d) => d.startsWith("frame-src"))).toEqual([
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://tv.naver.com",
    ]);

    // The Person's VideoObjects: name, the video's page and the privacy-enhanced player; nothing invented.
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { "@type": string });
    const person = personSchema.parse(blocks.find((b) => b["@type"] === "Person"));
    expect(person.subjectOf).toEqual([
      { "@type": "VideoObject", name: `${name} 영상 1`, url: "https://tv.naver.com/v/12345678", embedUrl: "https://tv.naver.com/embed/12345678" },
      { "@type": "VideoObject", name: "2025 쇼릴", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" },
      { "@type": "VideoObject", name: '무대 <인터뷰> & "비하인드"', url: "https://vimeo.com/76979871", embedUrl: "https://player.vimeo.com/video/76979871?dnt=1" },
    ]);
  });

  it("the English profile says Showreel, names untitled reels in English and speaks of Naver TV", async () => {
    const { status, html } = await getPage(server, `/en/artist/${encodeURIComponent(name)}`);
    expect(status).toBe(200);
    const section = /<section class="reels-section"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(section).toContain(">Showreel</h2>");
    expect(section).toContain("YEONG SANG – showreel 1");
    expect(section).toContain("Naver TV");
    expect(section).toContain("Watch on YouTube (opens in a new tab)");
    expect(html).not.toMatch(/<iframe/i);
  });

  it("the API writes reelList checked the same way (Korean 400 naming reelList); omitted, the reels stay", async () => {
    const current = await apiArtist();
    const refused = await call(server, {
      method: "PUT",
      path: `/api/we/updateactor/${encodeURIComponent(name)}`,
      body: { name, reelList: [{ url: "javascript:alert(1)", title: "" }] },
      cookie: server.cookie,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("1번 영상: YouTube, Vimeo, 네이버TV 영상 주소만 넣을 수 있습니다.");
    expect(JSON.stringify(refused.body)).toContain("reelList");
    const malformed = await call(server, { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent(name)}`, body: { name, reelList: "https://youtu.be/dQw4w9WgXcQ" }, cookie: server.cookie });
    expect(malformed.status).toBe(400);
    expect((await apiArtist()).reelList).toEqual(current.reelList);

    // Omitted: kept (clients of the original API never send it).
    const kept = await call(server, { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent(name)}`, body: { name, schoolList: ["한국예술종합학교", "서울예대"] }, cookie: server.cookie });
    expect(kept.status).toBe(200);
    expect((await apiArtist()).reelList).toEqual(current.reelList);

    const written = await call(server, {
      method: "PUT",
      path: `/api/we/updateactor/${encodeURIComponent(name)}`,
      body: { name, reelList: [{ url: "https://www.youtube.com/shorts/a_B-c1D2e3F", title: "숏폼" }] },
      cookie: server.cookie,
    });
    expect(written.status).toBe(200);
    expect((written.body as { reelList: unknown }).reelList).toEqual([{ url: "https://www.youtube.com/watch?v=a_B-c1D2e3F", title: "숏폼", provider: "youtube" }]);
    // A title that tries to leave its place stays text: escaped in the poster, inside the JSON-LD's string.
    const hostileTitle = "</script><img src=x onerror=alert(1)>";
    const hostile = await call(server, { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent(name)}`, body: { name, reelList: [{ url: "https://youtu.be/a_B-c1D2e3F", title: hostileTitle }] }, cookie: server.cookie });
    expect(hostile.status).toBe(200);
    const page = (await getPage(server, `/artist/${encodeURIComponent(name)}`)).html;
    expect(page).not.toContain(hostileTitle);
    expect(page).not.toMatch(/<img src=x/);
    const person = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { "@type": string; subjectOf?: { name: string }[] }).find((b) => b["@type"] === "Person");
    expect(person?.subjectOf?.[0]?.name).toBe(hostileTitle);
    // Emptied: the section leaves the page.
    expect((await call(server, { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent(name)}`, body: { name, reelList: [] }, cookie: server.cookie })).status).toBe(200);
    const { html } = await getPage(server, `/artist/${encodeURIComponent(name)}`);
    expect(html).not.toContain("reels-section");
    expect(html).not.toContain("VideoObject");
  });

  it("restoring an earlier version brings its reels back", async () => {
    const artists = (await call(server, { method: "GET", path: "/admin/artists", cookie: server.cookie })).body as string;
    const id = new RegExp(`/admin/history/artist/(\\d+)`).exec(artists)?.[1];
    const history = (await getPage(server, `/admin/history/artist/${id}`, server.cookie)).html;
    const revisions = [...history.matchAll(new RegExp(`/admin/history/artist/${id}/(\\d+)`, "g"))].map((m) => m[1]!);
    let withThree: string | undefined;
    for (const revision of new Set(revisions)) {
      const page = (await getPage(server, `/admin/history/artist/${id}/${revision}`, server.cookie)).html;
      if (page.includes("네이버TV · https://tv.naver.com/v/12345678") && page.includes("Vimeo · 무대")) withThree = revision;
    }
    expect(withThree).toBeDefined();
    const restored = await postForm(server, server.cookie, `/admin/history/artist/${id}/${withThree}`, { intent: "restore" });
    expect(restored.status).toBe(302);
    expect(((await apiArtist()).reelList as { provider: string }[]).map((r) => r.provider)).toEqual(["navertv", "youtube", "vimeo"]);
  });
});
