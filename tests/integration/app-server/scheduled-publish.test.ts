import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, revisions } from "../../../drizzle/schema";
import { startAppServer, useAppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";
import { useTestDatabase } from "../../setup/test-database";
import { call } from "../../setup/site-requests";

const newsPage = (baseURL: string) => fetch(`${baseURL}/news`).then((r) => r.text());

describe("scheduled publishing with several app servers on one PostgreSQL database", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const a = useAppServer({ beforeAll, afterAll }, () => ({ databaseUrl: database.url!, signIn: true }));
  const b = useAppServer({ beforeAll, afterAll }, () => ({ databaseUrl: database.url! }));

  it("fires exactly once, and every server shows the post at its time without a request or write", async () => {
    // Both servers have the list cached before the time comes.
    for (const server of [a, b]) {
      await newsPage(server.baseURL);
      expect((await fetch(`${server.baseURL}/news`)).headers.get("x-cache")).toBe("HIT");
    }
    const at = new Date(Date.now() + 2500);
    const created = await call(a, { method: "POST", path: "/api/we/writenews", body: { title: "두 서버 예약 소식", content: "<p>한 번만</p>", publishAt: at.toISOString() }, cookie: a.cookie });
    expect(created.body).toMatchObject({ status: "scheduled" });
    const { postId } = created.body as { postId: number };

    await expect.poll(() => newsPage(b.baseURL), { timeout: 20_000, interval: 250 }).toContain("두 서버 예약 소식");
    await expect.poll(() => newsPage(a.baseURL), { timeout: 20_000, interval: 250 }).toContain("두 서버 예약 소식");

    // Both servers ran their scheduler; the change happened once.
    const published = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "scheduled-publish"), eq(auditLog.entityId, String(postId))));
    expect(published).toHaveLength(1);
    const history = await database.db.select().from(revisions).where(and(eq(revisions.entity, "post"), eq(revisions.entityId, postId)));
    expect(history.map((r) => r.note).filter((n) => n === "예약 공개")).toHaveLength(1);
  });
});

describe("scheduled publishing after a restart", () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("a server that was down when the time came publishes it before it serves its first page", async () => {
    const before = await startAppServer({ databaseUrl: database.url! });
    let postId: number;
    try {
      const created = await call(before, {
        method: "POST",
        path: "/api/we/writenotice",
        body: { title: "재시작 뒤 공지", content: "<p>따라잡기</p>", publishAt: new Date(Date.now() + 60 * 60 * 1000).toISOString() },
        cookie: await signInCookie(before.baseURL),
      });
      expect(created.body).toMatchObject({ status: "scheduled" });
      postId = (created.body as { postId: number }).postId;
    } finally {
      await before.stop();
    }
    // The hour goes by while no server runs (the test moves the schedule into the past instead of waiting).
    await database.db.execute(sql`update posts set publish_at = now() - interval '1 minute' where id = ${postId}`);
    const after = await startAppServer({ databaseUrl: database.url! });
    try {
      const notices = (await call(after, { method: "GET", path: "/api/we/noticelist" })).body as { title: string }[];
      expect(notices.map((n) => n.title)).toContain("재시작 뒤 공지");
    } finally {
      await after.stop();
    }
    const published = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "scheduled-publish"), eq(auditLog.entityId, String(postId))));
    expect(published).toHaveLength(1);
  });
});
