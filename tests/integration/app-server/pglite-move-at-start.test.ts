import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { artistImages, artists, auditionApplications } from "../../../drizzle/schema";
import { storeImage } from "../../../app/server/media/media.server";
import { localStorages } from "../../../app/server/platform/storages.server";
import { enterableTempDir, startAppServer } from "../../setup/app-server";
import { openPgliteDataDir } from "../../setup/pglite-data-dir";
import { signInCookie } from "../../setup/sign-in";

/**
 * The first `npm start` of this version on a DATA_DIR the PGlite versions left (issue 38): the server
 * moves the database into its embedded PostgreSQL by itself, and the site shows what it showed before,
 * images and the applicants' files included; the old directory is set aside with a word on where.
 */
describe("a DATA_DIR of the PGlite versions moves over at the first start", () => {
  it("serves the same artist, image and applicant file after the move, and says where the old directory went", { timeout: 240_000 }, async () => {
    const dataDir = enterableTempDir("we-pglite-start-");
    const old = await openPgliteDataDir(dataDir);
    let imageUrl: string;
    try {
      await old.migrate();
      const { storage, privateStorage } = localStorages(dataDir);
      const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#a07050" } }).jpeg().toBuffer();
      const stored = await storeImage(old.db, storage, photo);
      imageUrl = stored.url;
      const [artist] = await old.db.insert(artists).values({ name: "옮겨진배우", nameEn: "MOVED ACTOR", status: "public" }).returning();
      await old.db.insert(artistImages).values({ artistId: artist!.id, position: 0, mediaId: stored.id });
      await privateStorage.put("auditions/2026/11/0123456789abcdef0123456789abcdef.txt", new TextEncoder().encode("applicant file"));
      await old.db.insert(auditionApplications).values({
        receiptNumber: "AUD-2026-000042",
        name: "지원자",
        birthDate: "2000-01-01",
        gender: "female",
        phone: "010-1234-5678",
        email: "applicant@example.com",
        heightCm: 165,
        introduction: "소개",
        consent: { at: new Date().toISOString(), retentionDays: 180, purpose: "오디션" },
      });
    } finally {
      await old.close();
    }

    const server = await startAppServer({ engine: "embedded", dataDir, env: { LOG_LEVEL: "info" }, captureStdout: true });
    try {
      const roster = await fetch(`${server.baseURL}/artist`);
      expect(roster.status).toBe(200);
      expect(await roster.text()).toContain("옮겨진배우");
      const image = await fetch(new URL(imageUrl, server.baseURL));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/^image\//);
      const cookie = await signInCookie(server.baseURL);
      const applications = await fetch(`${server.baseURL}/admin/auditions`, { headers: { cookie } });
      expect(applications.status).toBe(200);
      expect(await applications.text()).toContain("AUD-2026-000042");
      // The old directory is set aside, and the log says where and how to remove it.
      const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith("pglite-moved-"));
      expect(kept).toHaveLength(1);
      expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
      expect(server.output()).toContain(`rm -rf ${path.join(dataDir, kept[0]!)}`);
      expect(fs.readFileSync(path.join(dataDir, "private", "auditions/2026/11/0123456789abcdef0123456789abcdef.txt"), "utf8")).toBe("applicant file");
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }

  });
});
