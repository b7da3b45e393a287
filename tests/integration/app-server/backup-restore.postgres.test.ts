import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST_KIND_INFO, postApiPath } from "../../../app/domain/post-kinds";
import { startAppServer } from "../../setup/app-server";
import { createPostgresDatabase, type PostgresDatabase } from "../../setup/test-database";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "we-move-"));
const dirs = { pglite: path.join(scratch, "pglite-site"), restored: path.join(scratch, "restored-site"), archives: path.join(scratch, "archives") };
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

/**
 * What visitors and API clients get: a few pages (without the per-response CSP nonce, and with the
 * server's own address, which differs, as ORIGIN), API reads, and the images they show.
 */
async function siteAsSeen(baseURL: string) {
  const get = async (url: string) => {
    const response = await fetch(baseURL + url);
    return { status: response.status, type: response.headers.get("content-type"), body: Buffer.from(await response.arrayBuffer()) };
  };
  const newsList = (await get(POST_KIND_INFO.news.listPath)).body.toString("utf8");
  const newsDetail = /href="(\/newsDetail\/\d+)"/.exec(newsList)?.[1];
  const roster = (await get("/artist")).body.toString("utf8");
  const profile = /href="(\/artist\/[^"]+)"/.exec(roster)?.[1];
  expect(newsDetail).toBeDefined();
  expect(profile).toBeDefined();

  const pages: Record<string, { status: number; html: string }> = {};
  for (const url of ["/", "/artist", "/pr", POST_KIND_INFO.news.listPath, POST_KIND_INFO.notice.listPath, newsDetail!, profile!, "/en", "/en/artist", "/sitemap.xml"]) {
    const page = await get(url);
    pages[url] = { status: page.status, html: page.body.toString("utf8").replace(/nonce="[^"]*"/g, 'nonce=""').replaceAll(baseURL, "ORIGIN") };
  }
  const api: Record<string, unknown> = {};
  for (const url of ["/api/we/actorList", postApiPath("news", "list"), postApiPath("notice", "list"), `${postApiPath("news", "list")}?lang=en`]) {
    const response = await get(url);
    api[url] = { status: response.status, body: JSON.parse(response.body.toString("utf8")) as unknown };
  }
  const imageUrls = [...new Set(Object.values(pages).flatMap((p) => [...p.html.matchAll(/\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}(?:-\d+)?\.[a-z]+/g)].map((m) => m[0])))].sort();
  const images: Record<string, { status: number; type: string | null; sha256: string }> = {};
  for (const url of imageUrls) {
    const image = await get(url);
    images[url] = { status: image.status, type: image.type, sha256: createHash("sha256").update(image.body).digest("hex") };
  }
  return { pages, api, images };
}

describe("a PGlite site moves to PostgreSQL by backup and restore, through the real servers and scripts", () => {
  let before: Awaited<ReturnType<typeof siteAsSeen>>;
  let archivePath: string;
  let restoreEnv: Record<string, string>;

  beforeAll(async () => {
    const source = await startAppServer({ engine: "pglite", env: { DATA_DIR: dirs.pglite, SEED_DEMO_CONTENT: "true" } });
    try {
      before = await siteAsSeen(source.baseURL);
      // The running server holds the embedded database: the script says what to do instead.
      const locked = runScript("backup", ["--out", dirs.archives], { DATA_DIR: dirs.pglite, DATABASE_URL: "" });
      expect(locked.status).toBe(1);
      expect(locked.stderr).toContain("서버를 멈춘 뒤 다시 실행하거나, 서버가 스스로 백업하도록 BACKUP_CRON을 설정하세요.");
    } finally {
      await source.stop();
    }
  });

  it("the demo site shows pages with images", () => {
    expect(Object.keys(before.images).length).toBeGreaterThanOrEqual(5);
    expect(Object.entries(before.images).filter(([, i]) => i.status !== 200)).toEqual([]);
  });

  it("npm run backup writes one archive, readable by its owner only", () => {
    fs.mkdirSync(dirs.archives);
    const backup = runScript("backup", ["--out", dirs.archives], { DATA_DIR: dirs.pglite, DATABASE_URL: "" });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/백업을 만들었습니다: .*we-backup-\d{8}T\d{6}Z\.tar\.gz/);
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
    expect(restored.stdout).toContain("원본 PGlite");
  });

  it("the restored site serves the same pages, API answers and image bytes", async () => {
    const target = await startAppServer({ databaseUrl: restoredDatabase!.url, env: { DATA_DIR: dirs.restored } });
    try {
      const after = await siteAsSeen(target.baseURL);
      expect(after.images).toEqual(before.images);
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
