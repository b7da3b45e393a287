import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyListMessage, POST_KIND_INFO, POST_KINDS } from "../../../app/domain/post-kinds";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call, getPage, postForm, uploadImage } from "../../setup/site-requests";

describe(`public pages of an empty site, and the administrator's view of hidden artists (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

  it("an empty list says so with the particle its name needs: 등록된 공지사항이 없습니다, 등록된 뉴스가 없습니다", async () => {
    for (const kind of POST_KINDS) {
      const list = await getPage(server, POST_KIND_INFO[kind].listPath);
      expect(list.html).toContain(emptyListMessage(kind));
    }
    const pr = (await getPage(server, "/pr")).html;
    expect(pr).toContain("등록된 공지사항이 없습니다.");
    expect(pr).toContain("등록된 뉴스가 없습니다.");
    expect(pr).not.toContain("공지사항가");
  });

  it("a hidden artist is on the administrator's roster and profile, marked 비공개, and nowhere public", async () => {
    const photo = (await uploadImage(server, server.cookie, "#a55")).body as { url: string };
    const form = new URLSearchParams({ name: "숨은배우", nameEn: "HIDDEN ACTOR", image0: photo.url, status: "hidden", intent: "save" });
    const created = await postForm(server, server.cookie, "/adminActor", form);
    expect(created.status).toBe(302);

    const adminRoster = await getPage(server, "/artist", server.cookie);
    expect(adminRoster.html).toContain("숨은배우");
    expect(adminRoster.html).toMatch(/<span class="status-badge">비공개<\/span>/);
    const adminProfile = await getPage(server, `/artist/${encodeURIComponent("숨은배우")}`, server.cookie);
    expect(adminProfile.status).toBe(200);
    expect(adminProfile.html).toContain("사이트에 공개되지 않은 배우입니다");

    const publicRoster = await getPage(server, "/artist");
    expect(publicRoster.html).not.toContain("숨은배우");
    expect((await getPage(server, `/artist/${encodeURIComponent("숨은배우")}`)).status).toBe(404);
    expect(((await call(server, { method: "GET", path: "/api/we/actorList" })).body as { name: string }[]).map((a) => a.name)).not.toContain("숨은배우");
    expect((await getPage(server, "/sitemap.xml")).html).not.toContain(encodeURIComponent("숨은배우"));

    // So the administrator is never told a name is taken by an artist nobody can see.
    const duplicate = await postForm(server, server.cookie, "/adminActor", { name: "숨은배우", status: "public", intent: "save" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("같은 이름의 배우가 이미 있습니다. (비공개 배우 포함)");
  });

  it("a visible artist has no 비공개 mark, for the administrator either", async () => {
    const form = new URLSearchParams({ name: "보이는배우", nameEn: "SEEN", status: "public", intent: "save" });
    await postForm(server, server.cookie, "/adminActor", form);
    const cards = (await getPage(server, "/artist", server.cookie)).html
      .split('<li class="artist-card')
      .slice(1)
      .map((card) => card.slice(0, card.indexOf("</li>")));
    const seen = cards.find((card) => card.includes("보이는배우"))!;
    const hidden = cards.find((card) => card.includes("숨은배우"))!;
    expect(seen).not.toContain("비공개");
    expect(seen.startsWith('"')).toBe(true);
    expect(hidden.startsWith(' is-hidden"')).toBe(true);
    expect((await getPage(server, "/artist")).html).toContain("보이는배우");
  });
});
