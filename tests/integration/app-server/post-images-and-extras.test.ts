import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call, getPage, postForm, uploadFile } from "../../setup/site-requests";

interface PickerPage {
  total: number;
  query: string;
  items: { id: number; url: string; thumbnail: string; alt: string; fileName: string }[];
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;

describe(`images in posts, the media picker, and a post's featured image, excerpt and SEO description (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  let stage = "";
  let poster = "";

  const upload = async (name: string, color: string) => {
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
    const { status, body } = await uploadFile(server, server.cookie, { name, type: "image/jpeg", bytes });
    expect(status).toBe(200);
    return (body as { url: string }).url;
  };
  const picker = async (query: string) => (await call(server, { method: "GET", path: `/admin/media.json?q=${encodeURIComponent(query)}`, cookie: server.cookie })).body as PickerPage;
  const postIdOf = async (title: string) => {
    const list = (await call(server, { method: "GET", path: "/api/we/newslist" })).body as { postId: number; title: string }[];
    return list.find((p) => p.title === title)!.postId;
  };

  beforeAll(async () => {
    stage = await upload("무대인사_2026.jpg", "#a36");
    poster = await upload("photos/staff/drama-poster.jpg", "#36a");
    // The media library's alt text, which the pickers search and the editor's dialog starts from.
    const id = (await picker("무대인사")).items[0]!.id;
    expect((await postForm(server, server.cookie, `/admin/media/${id}`, { intent: "alt", alt: "레드카펫에 선 한서윤" })).status).toBe(302);
  });

  it("the picker finds images by the name they were uploaded under and by alt text, word by word, and never by the path of the uploader's computer", async () => {
    expect((await picker("drama-poster")).items.map((i) => i.url)).toEqual([poster]);
    expect((await picker("drama-poster")).items[0]!.fileName).toBe("drama-poster.jpg");
    expect((await picker("레드카펫 한서윤")).items.map((i) => i.url)).toEqual([stage]);
    expect((await picker("2026 무대인사")).items.map((i) => i.url)).toEqual([stage]);
    expect((await picker("staff")).total).toBe(0);
    // LIKE's wildcards are searched as themselves.
    expect((await picker("%")).total).toBe(0);
    expect((await picker("")).total).toBeGreaterThanOrEqual(2);
    // The media library page searches the same way, without JavaScript (a GET form).
    const { html: library } = await getPage(server, "/admin/media?q=drama-poster", server.cookie);
    expect(library).toMatch(/>1(<!-- -->)?개의 이미지</);
    expect(library).toContain(`src="${poster.replace(/\.jpg$/, "")}`);
    // Signed out: no library.
    expect((await call(server, { method: "GET", path: "/admin/media.json?q=x" })).status).not.toBe(200);
  });

  it("without JavaScript, a picker searches the whole library inside the form: its 검색 and Enter with new words search and keep what was typed; Enter with the words already searched saves", async () => {
    const title = "검색 중인 소식";
    const typed = (more: [string, string][]): [string, string][] => [["title", title], ["content", "<p>검색하는 동안 지켜질 본문</p>"], ["excerpt", "지켜질 요약"], ["pickers", "featuredImagePick"], ["pickers", "attachLibraryImage"], ...more];
    const newsCount = async () => ((await call(server, { method: "GET", path: "/api/we/newslist" })).body as { title: string }[]).filter((p) => p.title === title).length;
    // The picker's own button.
    const searched = await postForm(server, server.cookie, "/adminNewsWrite", typed([["intent", "find-images:attachLibraryImage"], ["attachLibraryImageQuery", "drama-poster"]]));
    expect(searched.status).toBe(200);
    const html = await searched.text();
    const choices = (page: string, picker: string) =>
      [...page.matchAll(new RegExp(`<input type="radio" name="${picker}"[^>]*>`, "g"))].map((m) => /value="([^"]*)"/.exec(m[0])?.[1]);
    // That picker shows what was found ("none" first); the other still offers the newest.
    expect(choices(html, "attachLibraryImage")).toEqual(["", poster]);
    expect(choices(html, "featuredImagePick")).toContain(stage);
    expect(html).toContain("이미지 1개 (‘drama-poster’ 검색)");
    expect(html).toMatch(/id="attachLibraryImage-search"[^>]*autofocus|autofocus[^>]*id="attachLibraryImage-search"/);
    expect(html).toContain("검색하는 동안 지켜질 본문");
    expect(html).toContain("지켜질 요약");
    // Enter (the form's default button) with words changed since the page was made: a search too.
    const entered = await postForm(server, server.cookie, "/adminNewsWrite", typed([["intent", "default"], ["featuredImagePickQuery", "레드카펫"], ["featuredImagePickQueryShown", ""]]));
    expect(entered.status).toBe(200);
    const enteredHtml = await entered.text();
    expect(enteredHtml).toContain("이미지 1개 (‘레드카펫’ 검색)");
    expect(choices(enteredHtml, "featuredImagePick")).toEqual(["", stage]);
    // Control characters and overlong words are cleaned and cut, never refused.
    const odd = await postForm(server, server.cookie, "/adminNewsWrite", typed([["intent", "find-images:featuredImagePick"], ["featuredImagePickQuery", `드라마\u0007\t${"가".repeat(500)}`]]));
    expect(odd.status).toBe(200);
    expect(await newsCount()).toBe(0);
    // Enter with the words already searched: a save, which keeps a new post a draft (decision 067).
    const saved = await postForm(server, server.cookie, "/adminNewsWrite", typed([["intent", "default"], ["featuredImagePickQuery", "레드카펫"], ["featuredImagePickQueryShown", "레드카펫"]]));
    expect(saved.status).toBe(302);
    const postId = /^\/adminNewsWrite\/(\d+)$/.exec(saved.headers.get("location") ?? "")?.[1];
    expect(postId).toBeDefined();
    expect(await newsCount()).toBe(0);
    expect(((await call(server, { method: "GET", path: `/api/we/getnews/${postId}`, cookie: server.cookie })).body as { title: string }).title).toBe(title);
  });

  it("without JavaScript, an image picked from the library goes in as a figure with its alt text, caption and size, and the public page shows them", async () => {
    const saved = await postForm(server, server.cookie, "/adminNewsWrite", [
      ["title", "레드카펫 소식"],
      ["content", "<p>시상식 현장입니다.</p>"],
      ["attachLibraryImage", stage],
      ["attachAlt", "레드카펫에 선 한서윤"],
      ["attachCaption", "2026 시상식 <레드카펫>"],
      ["attachSize", "medium"],
      ["publication", "publish"],
    ]);
    expect(saved.status).toBe(302);
    const { html } = await getPage(server, `/newsDetail/${await postIdOf("레드카펫 소식")}`);
    const figure = /<figure class="post-figure post-figure--medium">([\s\S]*?)<\/figure>/.exec(html)?.[1] ?? "";
    expect(figure).toMatch(new RegExp(`<img src="${stage}" alt="레드카펫에 선 한서윤"`));
    // Our image: its size and variants, so nothing shifts while it loads.
    expect(figure).toMatch(/width="900" height="600"/);
    expect(figure).toContain("<figcaption>2026 시상식 &lt;레드카펫&gt;</figcaption>");
  });

  it("without JavaScript, an image without alt text is refused with a Korean message and everything typed kept, unless it is marked decorative", async () => {
    const refused = await postForm(server, server.cookie, "/adminNewsWrite", [
      ["title", "대체 텍스트 없는 글"],
      ["content", "<p>본문</p>"],
      ["attachLibraryImage", poster],
      ["attachAlt", "  "],
      ["attachCaption", "포스터 캡션"],
      ["attachSize", "small"],
      ["publication", "publish"],
    ]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("대체 텍스트를 입력해 주세요.");
    expect(html).toContain('value="대체 텍스트 없는 글"');
    expect(html).toContain('value="포스터 캡션"');
    const badSize = await postForm(server, server.cookie, "/adminNewsWrite", [
      ["title", "크기가 이상한 글"],
      ["content", "<p>본문</p>"],
      ["attachLibraryImage", poster],
      ["attachAlt", "포스터"],
      ["attachSize", "gigantic"],
      ["publication", "publish"],
    ]);
    expect(badSize.status).toBe(400);
    expect(await badSize.text()).toContain("이미지 크기를 작게, 중간, 전체 너비 중에서 선택해 주세요.");

    const decorative = await postForm(server, server.cookie, "/adminNewsWrite", [
      ["title", "장식 이미지 글"],
      ["content", "<p>본문</p>"],
      ["attachLibraryImage", poster],
      ["attachDecorative", "1"],
      ["attachSize", "small"],
      ["publication", "publish"],
    ]);
    expect(decorative.status).toBe(302);
    const { html: page } = await getPage(server, `/newsDetail/${await postIdOf("장식 이미지 글")}`);
    expect(page).toMatch(new RegExp(`<figure class="post-figure post-figure--small"><img src="${poster}" alt=""`));
  });

  it("the sanitizer keeps a figure's image, alt text, caption and one size class, and drops everything else (API writes included)", async () => {
    const written = await call(server, {
      method: "POST",
      path: "/api/we/writenews",
      cookie: server.cookie,
      body: {
        title: "정제 확인",
        content:
          `<figure class="post-figure post-figure--small evil" style="position:fixed" onclick="steal()" data-x="1">` +
          `<img src="${stage}" alt="무대" onerror="steal()" class="x"><figcaption onmouseover="steal()">캡션<script>steal()</script><iframe src="https://evil.example"></iframe></figcaption></figure>` +
          `<figure class="post-figure--huge"><figcaption>이미지 없는 그림</figcaption></figure>` +
          `<figcaption>떠도는 캡션</figcaption>`,
      },
    });
    expect(written.status).toBeLessThan(300);
    const postId = await postIdOf("정제 확인");
    const stored = ((await call(server, { method: "GET", path: `/api/we/getnews/${postId}` })).body as { content: string }).content;
    expect(stored).toBe(`<figure class="post-figure post-figure--small"><img src="${stage}" alt="무대" /><figcaption>캡션</figcaption></figure><p>떠도는 캡션</p>`);
    expect(stored).not.toMatch(/steal|evil|style|data-x|iframe|huge|이미지 없는 그림/);
  });

  it("a featured image, an excerpt and an SEO description (and their English twins) show in the lists, meta tags, share image and RSS", async () => {
    const saved = await postForm(server, server.cookie, "/adminNewsWrite", [
      ["title", "대표 이미지가 있는 글"],
      ["content", `<p>본문 첫 문단은 목록에 나오지 않아야 합니다.</p><p><img src="${stage}" alt="무대"></p>`],
      ["featuredImage", poster],
      ["excerpt", "목록에 보일 요약입니다."],
      ["seoDescription", "검색 결과에 보일 설명입니다."],
      ["titleEn", "A post with a featured image"],
      ["contentEn", "<p>English body.</p>"],
      ["excerptEn", "The English excerpt."],
      ["seoDescriptionEn", "The English search description."],
      ["publication", "publish"],
    ]);
    expect(saved.status).toBe(302);
    const postId = await postIdOf("대표 이미지가 있는 글");

    // The list: the featured image's thumbnail (not the content's first image) and the excerpt.
    const { html: list } = await getPage(server, "/news");
    const item = new RegExp(`<a[^>]+href="/newsDetail/${postId}"[\\s\\S]*?</a>`).exec(list)?.[0] ?? "";
    const posterStem = poster.replace(/\.jpg$/, "");
    expect(attribute(item, /<img class="post-item__thumb" src="([^"]+)"/)).toContain(posterStem);
    expect(item).toContain("목록에 보일 요약입니다.");
    expect(item).not.toContain("본문 첫 문단");
    const { html: englishList } = await getPage(server, "/en/news");
    expect(englishList).toContain("The English excerpt.");

    // The page: the SEO description as meta and og:description; the share image made from the featured image.
    const { html: page } = await getPage(server, `/newsDetail/${postId}`);
    expect(attribute(page, /<meta name="description" content="([^"]+)"/)).toBe("검색 결과에 보일 설명입니다.");
    expect(attribute(page, /<meta property="og:description" content="([^"]+)"/)).toBe("검색 결과에 보일 설명입니다.");
    const shareUrl = attribute(page, /<meta property="og:image" content="([^"]+)"/);
    expect(shareUrl).not.toBeNull();
    const { html: englishPage } = await getPage(server, `/en/newsDetail/${postId}`);
    expect(attribute(englishPage, /<meta name="description" content="([^"]+)"/)).toBe("The English search description.");

    // RSS: the featured image as the enclosure, and the SEO description.
    const rss = await (await fetch(`${server.baseURL}/news/rss.xml`)).text();
    const rssItem = new RegExp(`<item>(?:(?!</item>)[\\s\\S])*?/newsDetail/${postId}</link>[\\s\\S]*?</item>`).exec(rss)?.[0] ?? "";
    expect(rssItem).toContain(`<enclosure url="${server.baseURL}${poster}"`);
    expect(rssItem).toMatch(/type="image\/jpeg"/);
    expect(rssItem).toContain(`<media:content url="${server.baseURL}${poster}" medium="image"`);
    expect(rssItem).toContain("<description>검색 결과에 보일 설명입니다.</description>");

    // The editor opens with them; the history and the activity log name them.
    const { html: editor } = await getPage(server, `/adminNewsWrite/${postId}`, server.cookie);
    expect(editor).toContain(">목록에 보일 요약입니다.</textarea>");
    expect(editor).toContain(`name="featuredImage" value="${poster}"`);
    const { html: log } = await getPage(server, "/admin/audit", server.cookie);
    expect(log).toContain("대표 이미지가 있는 글 (대표 이미지, 요약, 영문 요약, 검색 설명, 영문 검색 설명 변경)");
  });

  it("deleting a featured image from the library leaves the post with its content's first image in the list, and saveable", async () => {
    const posterId = (await picker("drama-poster")).items[0]!.id;
    expect((await postForm(server, server.cookie, `/admin/media/${posterId}`, { intent: "delete", confirmed: "1" })).status).toBe(302);
    const postId = await postIdOf("대표 이미지가 있는 글");
    const { html: list } = await getPage(server, "/news");
    const item = new RegExp(`<a[^>]+href="/newsDetail/${postId}"[\\s\\S]*?</a>`).exec(list)?.[0] ?? "";
    expect(attribute(item, /<img class="post-item__thumb" src="([^"]+)"/)).toContain(stage.replace(/\.jpg$/, ""));
    const { html: editor } = await getPage(server, `/adminNewsWrite/${postId}`, server.cookie);
    expect(editor).toContain('name="featuredImage" value=""');
  });

  it("bad extras come back as Korean field errors (400, never 500) with everything typed kept", async () => {
    const cases: [string, [string, string][], string][] = [
      ["not our image", [["featuredImage", "https://evil.example/x.jpg"]], "대표 이미지는 미디어 라이브러리의 이미지만 선택할 수 있습니다."],
      ["an image that is not stored", [["featuredImage", "/media/2026/01/00000000000000000000000000000000.jpg"]], "대표 이미지를 찾을 수 없습니다."],
      ["a long excerpt", [["excerpt", "가".repeat(301)]], "요약은 300자 이내로 입력해 주세요."],
      ["HTML in an excerpt", [["excerpt", "<b>굵게</b>"]], "요약에는 HTML을 쓸 수 없습니다."],
      ["a long SEO description", [["seoDescriptionEn", "a".repeat(161)]], "영문 검색 설명은 160자 이내로 입력해 주세요."],
      ["a control character", [["seoDescription", "설명\u0007"]], "검색 설명은 한 줄로 입력해 주세요."],
    ];
    for (const [label, fields, message] of cases) {
      const refused = await postForm(server, server.cookie, "/adminNewsWrite", [["title", `잘못된 입력: ${label}`], ["content", "<p>본문</p>"], ["publication", "publish"], ...fields]);
      expect(refused.status, label).toBe(400);
      const html = await refused.text();
      expect(html, label).toContain(message);
      expect(html, label).toContain(`value="잘못된 입력: ${label}"`);
    }
  });
});
