/**
 * Several app servers behind a load balancer (decision 023, docs/deploy.md): two real servers on one PostgreSQL database
 * and one S3-compatible server (started here on loopback), sharing SESSION_SECRET as docs/deploy.md
 * says. Whatever one server does, the other sees on its very next request.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, posts } from "../../../drizzle/schema";
import { useAppServer } from "../../setup/app-server";
import { startS3Server, type TestS3Server } from "../../setup/s3-server";
import { signInCookie, uniqueClientIp } from "../../setup/sign-in";
import { useTestDatabase } from "../../setup/test-database";
import { call, getPage, postForm, uploadImage } from "../../setup/site-requests";

const SESSION_SECRET = "two-servers-session-secret-0123456789abcdef";

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

describe("two app servers on one PostgreSQL database and one S3 bucket", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const env = () => ({ databaseUrl: database.url!, env: { ...s3.env, SESSION_SECRET } });
  const a = useAppServer({ beforeAll, afterAll }, env);
  const b = useAppServer({ beforeAll, afterAll }, env);
  const page = (server: { baseURL: string }, path: string, cookie?: string) =>
    fetch(server.baseURL + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

  it("a write on A is on B's next request, though B had the page cached", async () => {
    expect(await (await page(b, "/notice")).text()).not.toContain("두 서버 공지");
    expect((await page(b, "/notice")).headers.get("x-cache")).toBe("HIT");
    const cookie = await signInCookie(a.baseURL);
    const created = await call(a, { method: "POST", path: "/api/we/writenotice", body: { title: "두 서버 공지", content: "<p>곧바로</p>" }, cookie });
    expect(created.status).toBe(201);
    // NOTIFY reaches B within milliseconds; poll rather than assume how many.
    await expect.poll(async () => (await page(b, "/notice")).text(), { timeout: 5_000, interval: 50 }).toContain("두 서버 공지");
  });

  it("a session made on A works on B, and signing out on A ends it on B", async () => {
    const cookie = await signInCookie(a.baseURL);
    expect((await page(b, "/admin", cookie)).status).toBe(200);
    const out = await fetch(`${a.baseURL}/adminLogout`, { method: "POST", headers: { Cookie: cookie, Origin: a.baseURL }, redirect: "manual" });
    expect(out.status).toBe(302);
    const after = await page(b, "/admin", cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/adminLogin");
  });

  it("a session ended from another session on A (내 계정) is ended on B, and B's next request is the sign-in", async () => {
    const kept = await signInCookie(a.baseURL);
    const ended = await signInCookie(b.baseURL);
    expect((await page(b, "/admin", ended)).status).toBe(200);
    const out = await fetch(`${a.baseURL}/admin/account`, {
      method: "POST",
      headers: { Cookie: kept, Origin: a.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "end-others" }),
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    const after = await page(b, "/admin", ended);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/adminLogin");
    expect((await page(b, "/admin", kept)).status).toBe(200);
  });

  it("the sign-in throttle counts the attempts made on both servers", async () => {
    const ip = uniqueClientIp();
    const attempt = (server: { baseURL: string }, password: string) =>
      fetch(`${server.baseURL}/adminLogin`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": ip },
        body: new URLSearchParams({ id: "admin", password }),
        redirect: "manual",
      });
    // Five failures (LOGIN_IP_LIMIT), alternating between the servers...
    for (let i = 0; i < 5; i++) expect((await attempt(i % 2 === 0 ? a : b, `wrong-password-${i}`)).status).toBe(401);
    // ...and the address is throttled on both, the right password included.
    expect((await attempt(a, "integration-password-1")).status).toBe(429);
    expect((await attempt(b, "integration-password-1")).status).toBe(429);
  });

  it("an image uploaded through A is stored in the bucket and served by B", async () => {
    const cookie = await signInCookie(a.baseURL);
    const uploaded = await uploadImage(a, cookie, "#3366cc");
    expect(uploaded.status).toBe(200);
    const { url } = uploaded.body as { url: string };
    const key = url.replace(/^\/media\//, "");
    const client = s3.client();
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "media/" }));
    client.destroy();
    expect(listed.Contents?.map((o) => o.Key)).toContain(`media/${key}`);
    // Nowhere on either server's disk.
    for (const server of [a, b]) expect(fs.existsSync(path.join(server.dataDir, "media", key))).toBe(false);
    const served = await page(b, url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\//);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.width).toBeGreaterThan(0);
  });

  it("scheduled work runs once: a due publish and a trash purge, with both servers' schedulers awake", async () => {
    const cookie = await signInCookie(a.baseURL);
    const trashed = await call(a, { method: "POST", path: "/api/we/writenews", body: { title: "오래된 휴지통 글", content: "<p>지울 글</p>" }, cookie });
    const trashedId = (trashed.body as { postId: number }).postId;
    expect((await call(a, { method: "DELETE", path: `/api/we/deletenews/${trashedId}`, cookie })).status).toBe(204);
    // It went to the trash 31 days ago (moved back in time rather than waited for).
    await database.db.execute(sql`update posts set deleted_at = now() - interval '31 days' where id = ${trashedId}`);
    // A post scheduled a moment ahead wakes A's scheduler; its change event wakes B's.
    const at = new Date(Date.now() + 1500);
    const scheduled = await call(a, { method: "POST", path: "/api/we/writenews", body: { title: "한 번만 공개", content: "<p>예약</p>", publishAt: at.toISOString() }, cookie });
    const scheduledId = (scheduled.body as { postId: number }).postId;
    await expect.poll(async () => (await page(b, "/news")).text(), { timeout: 20_000, interval: 100 }).toContain("한 번만 공개");
    await expect
      .poll(async () => (await database.db.select({ id: posts.id }).from(posts).where(eq(posts.id, trashedId))).length, { timeout: 20_000, interval: 100 })
      .toBe(0);
    const entries = await database.db.select({ action: auditLog.action, entityId: auditLog.entityId }).from(auditLog);
    expect(entries.filter((e) => e.action === "scheduled-publish" && e.entityId === String(scheduledId))).toHaveLength(1);
    expect(entries.filter((e) => e.action === "purge" && e.entityId === String(trashedId))).toHaveLength(1);
  });

  it("a casting package's visit counts once across both servers: the same visit on B goes on, a new browser on B is a new one", async () => {
    const cookie = await signInCookie(a.baseURL);
    expect((await call(a, { method: "POST", path: "/api/we/addactor", body: { name: "두서버배우", ename: "TWO SERVERS" }, cookie })).status).toBe(201);
    const form = (await getPage(a, "/admin/packages/new", cookie)).html;
    const artistId = /<input[^>]*name="artist"[^>]*value="(\d+)"/.exec(form)?.[1];
    expect(artistId, "an artist to offer").toBeTruthy();
    const created = await postForm(a, cookie, "/admin/packages/new", [
      ["title", "두 서버 캐스팅 제안"],
      ["recipientCompany", "스튜디오 둘"],
      ["recipientName", "이두리"],
      ["recipientEmail", ""],
      ["locale", "ko"],
      ["message", ""],
      ["expiresOn", ""],
      ["artist", artistId!],
    ]);
    expect(created.status).toBe(302);
    const packagePath = created.headers.get("location")!;
    const token = /\/casting\/([A-Za-z0-9_-]{43})/.exec((await getPage(a, packagePath, cookie)).html)?.[1];
    expect(token).toBeTruthy();
    const visits = async (server: { baseURL: string }) => Number(/방문 (\d+)회/.exec((await getPage(server, packagePath, cookie)).html)?.[1] ?? 0);

    // The recipient's browser: first on A, then on B with the visit's cookie.
    const first = await fetch(`${a.baseURL}/casting/${token}`);
    expect(first.status).toBe(200);
    const visitCookie = /we_casting_visit=[^;]+/.exec(first.headers.get("set-cookie") ?? "")?.[0];
    expect(visitCookie).toBeTruthy();
    expect((await fetch(`${b.baseURL}/casting/${token}`, { headers: { Cookie: visitCookie! } })).status).toBe(200);
    expect((await fetch(`${b.baseURL}/casting/${token}/${artistId}`, { headers: { Cookie: visitCookie! } })).status).toBe(200);
    expect(await visits(a)).toBe(1);
    expect(await visits(b)).toBe(1);
    // Another browser (no cookie) on B: a visit of its own, seen from A.
    expect((await fetch(`${b.baseURL}/casting/${token}`)).status).toBe(200);
    expect(await visits(a)).toBe(2);
  });
});
