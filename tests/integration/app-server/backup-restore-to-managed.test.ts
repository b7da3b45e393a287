import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST_KIND_INFO, postApiPath } from "../../../app/domain/post-kinds";
import { applicationForm, TEST_SESSION_SECRET } from "../../fixtures/audition-form";
import { startAppServer, enterableTempDir } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";
import { createPostgresDatabase, type PostgresDatabase } from "../../setup/test-database";
import { call, uploadImage } from "../../setup/site-requests";

const scratch = enterableTempDir("we-move-");
const dirs = { embedded: path.join(scratch, "embedded-site"), restored: path.join(scratch, "restored-site"), archives: path.join(scratch, "archives") };
let restoredDatabase: PostgresDatabase | undefined;
afterAll(async () => {
  await restoredDatabase?.drop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** `npm run backup` / `npm run restore` as an operator runs them, with the server's environment. */
function runScript(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    encoding: "utf8",
    env: { ...process.env, ADMIN_ID: "", ADMIN_PASSWORD: "", LOG_LEVEL: "warn", ...env },
    timeout: 120_000,
  });
}

/** A site with content of every kind, made the way the administrator and an applicant make it. */
async function fillSite(baseURL: string, cookie: string) {
  const server = { baseURL };
  const photos: string[] = [];
  for (const color of ["#a33", "#3a3", "#33a"]) {
    const upload = await uploadImage(server, cookie, color);
    expect(upload.status).toBe(200);
    photos.push((upload.body as { url: string }).url);
  }
  const writes = [
    { path: "/api/we/addactor", body: { name: "백업배우", ename: "BACKUP ACTOR", imgList: photos.slice(0, 2), movieList: ["영화 \"하나\""], en: { birthday: "May 1" } } },
    { path: postApiPath("news", "write"), body: { title: "복원된 소식", content: `<p>사진<img src="${photos[2]}" alt="무대"></p>`, titleEn: "Restored news", contentEn: "<p>English</p>" } },
    { path: postApiPath("notice", "write"), body: { title: "복원된 공지", content: "<p>공지\n둘째 줄</p>" } },
    { path: postApiPath("news", "write"), body: { title: "예약된 소식", content: "<p>아직</p>", publishAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString() } },
  ];
  for (const write of writes) expect((await call(server, { method: "POST", cookie, ...write })).status).toBe(201);
  const applied = await fetch(`${baseURL}/audition/apply`, { method: "POST", body: await applicationForm(), redirect: "manual", headers: { Origin: baseURL } });
  expect(applied.status).toBe(302);
}

/**
 * What visitors, API clients and the administrator get: public pages (without the per-response CSP
 * nonce, and with the server's own address, which differs, as ORIGIN), API reads, the images the pages
 * show, and the applicant's files as the administrator downloads them.
 */
async function siteAsSeen(baseURL: string, cookie: string) {
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(baseURL + url, { headers });
    return { status: response.status, type: response.headers.get("content-type"), body: Buffer.from(await response.arrayBuffer()) };
  };
  const digest = (response: Awaited<ReturnType<typeof get>>) => ({ status: response.status, type: response.type, sha256: createHash("sha256").update(response.body).digest("hex") });

  const newsDetail = /href="(\/newsDetail\/\d+)"/.exec((await get(POST_KIND_INFO.news.listPath)).body.toString("utf8"))?.[1];
  expect(newsDetail).toBeDefined();
  const pages: Record<string, { status: number; html: string }> = {};
  for (const url of ["/", "/artist", `/artist/${encodeURIComponent("백업배우")}`, "/pr", POST_KIND_INFO.news.listPath, POST_KIND_INFO.notice.listPath, newsDetail!, "/en", `/en${newsDetail}`, "/sitemap.xml"]) {
    const page = await get(url);
    pages[url] = { status: page.status, html: page.body.toString("utf8").replace(/nonce="[^"]*"/g, 'nonce=""').replaceAll(baseURL, "ORIGIN") };
  }
  const api: Record<string, unknown> = {};
  for (const url of ["/api/we/actorList", `/api/we/actorList/${encodeURIComponent("백업배우")}`, postApiPath("news", "list"), postApiPath("notice", "list"), `${postApiPath("news", "list")}?lang=en`]) {
    const response = await get(url);
    api[url] = { status: response.status, body: JSON.parse(response.body.toString("utf8")) as unknown };
  }
  const images: Record<string, ReturnType<typeof digest>> = {};
  const imageUrls = new Set(Object.values(pages).flatMap((p) => [...p.html.matchAll(/\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}(?:-\d+)?\.[a-z]+/g)].map((m) => m[0])));
  for (const url of [...imageUrls].sort()) images[url] = digest(await get(url));

  const admin = { Cookie: cookie };
  const application = /href="(\/admin\/auditions\/\d+)"/.exec((await get("/admin/auditions", admin)).body.toString("utf8"))?.[1];
  expect(application).toBeDefined();
  const detail = (await get(application!, admin)).body.toString("utf8");
  const applicantFiles: Record<string, ReturnType<typeof digest>> = {};
  for (const url of [...new Set([...detail.matchAll(/\/admin\/auditions\/\d+\/files\/[0-9a-f]{32}(?:\?[a-z=]+)?/g)].map((m) => m[0]))].sort()) {
    applicantFiles[url] = digest(await get(url.replaceAll("&amp;", "&"), admin));
  }
  return { pages, api, images, applicantFiles, receipt: /AUD-\d{4}-\d{6}/.exec(detail)?.[0] };
}

describe("a site on the embedded default moves to a managed PostgreSQL by backup and restore, through the real servers and scripts", () => {
  let before: Awaited<ReturnType<typeof siteAsSeen>>;
  let cookie: string;
  let archivePath: string;
  let restoreEnv: Record<string, string>;

  beforeAll(async () => {
    // The session secret signs the applicants' form stamps, and the administrator's session cookie.
    const source = await startAppServer({ engine: "embedded", env: { DATA_DIR: dirs.embedded, SESSION_SECRET: TEST_SESSION_SECRET } });
    try {
      cookie = await signInCookie(source.baseURL);
      await fillSite(source.baseURL, cookie);
      before = await siteAsSeen(source.baseURL, cookie);
    } finally {
      await source.stop();
    }
  });

  it("the site shows pages with images, and the applicant's files to the administrator", () => {
    expect(Object.keys(before.images).length).toBeGreaterThanOrEqual(3);
    expect(Object.entries(before.images).filter(([, i]) => i.status !== 200)).toEqual([]);
    // Two photos, their previews and the video.
    expect(Object.keys(before.applicantFiles).length).toBeGreaterThanOrEqual(3);
    expect(Object.entries(before.applicantFiles).filter(([, i]) => i.status !== 200)).toEqual([]);
    expect(before.receipt).toBeDefined();
  });

  it("npm run backup writes one archive, readable by its owner only", () => {
    fs.mkdirSync(dirs.archives);
    const backup = runScript("backup", ["--out", dirs.archives], { DATA_DIR: dirs.embedded, DATABASE_URL: "" });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/백업을 만들었습니다: .*we-backup-\d{8}T\d{6}Z\.tar\.gz/);
    expect(backup.stdout).toMatch(/비공개 파일 [1-9]\d*개/);
    const archives = fs.readdirSync(dirs.archives);
    expect(archives).toHaveLength(1);
    archivePath = path.join(dirs.archives, archives[0]!);
    expect((fs.statSync(archivePath).mode & 0o777).toString(8)).toBe("600");
  });

  it("npm run restore fills an empty PostgreSQL database and an empty data directory", async () => {
    restoredDatabase = await createPostgresDatabase({ fromTemplate: false });
    restoreEnv = { DATABASE_URL: restoredDatabase.url, DATA_DIR: dirs.restored };
    const restored = runScript("restore", [archivePath], restoreEnv);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain("복원했습니다");
    expect(restored.stdout).toContain("원본 PostgreSQL");
  });

  it("the restored site serves the same pages, API answers, images and applicant's files, to the same session", async () => {
    const target = await startAppServer({ databaseUrl: restoredDatabase!.url, env: { DATA_DIR: dirs.restored, SESSION_SECRET: TEST_SESSION_SECRET } });
    try {
      const after = await siteAsSeen(target.baseURL, cookie);
      expect(after.images).toEqual(before.images);
      expect(after.applicantFiles).toEqual(before.applicantFiles);
      expect(after.receipt).toBe(before.receipt);
      expect(after.api).toEqual(before.api);
      expect(after.pages).toEqual(before.pages);
    } finally {
      await target.stop();
    }
  });

  it("restoring again over the restored site is refused, saying how to do it", () => {
    const again = runScript("restore", [archivePath], restoreEnv);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/복원하지 않았습니다: 데이터베이스가 비어 있지 않습니다 \(.*\)\. 복원은 빈 데이터베이스에만 합니다/);
    expect(again.stderr).toContain("아무것도 바뀌지 않았습니다.");
  });
});
