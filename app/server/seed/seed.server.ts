import { count, eq, sql } from "drizzle-orm";
import { artistImages, artists, posts, siteSettings } from "../../../drizzle/schema";
import type { Database, Tx } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";
import { deleteMedia, storeImage } from "../media/media.server";
import { pickArtistFields } from "../../domain/artist-fields";
import { derivePostContent, writePostMedia } from "../posts/post-content.server";
import { sanitizePostHtml } from "../platform/sanitize-html.server";
import type { MediaStorage } from "../platform/storage.server";
import { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES, type DemoPost } from "./demo-content.server";
import { demoPhoto, findDemoPhotosFolder } from "./demo-images.server";

const SEEDED_MARKER = "demo_content_seeded";
/** How the workspace names the author of the demo content. */
const SEED_ACTOR_LABEL = "데모 콘텐츠";
/** Fixed key of the advisory lock that keeps two starting app servers from seeding twice. */
const SEED_LOCK_KEY = 4_185_730_222;

const POST_PALETTES: [string, string][] = [
  ["#f6d5dc", "#b9879a"],
  ["#dfe7f2", "#7d93b5"],
  ["#f3e6d3", "#b79a72"],
  ["#e2efe6", "#7fa58b"],
];

/** The colours of the demo photo of the i-th demo post (news first, then notices). */
export function demoScenePalette(i: number): [string, string] {
  return POST_PALETTES[i % POST_PALETTES.length]!;
}

export type SeedResult = "seeded" | "already-seeded" | "not-empty";

/**
 * Fills an empty database with demo content, once. A marker records that it ran, so content the
 * administrator later deletes never comes back at the next start.
 */
export async function seedDemoContent(deps: { db: Database; storage: MediaStorage; logger: Logger }): Promise<SeedResult> {
  const { db, storage, logger } = deps;
  if (await hasMarker(db)) return "already-seeded";
  if (!(await isEmpty(db))) {
    await setMarker(db);
    return "not-empty";
  }

  const started = Date.now();
  // The photos are read (or, when not committed, drawn two at a time) ahead of the storing, which keeps
  // the original order: the same media ids as one by one.
  const draw = drawAhead(2);
  const folder = findDemoPhotosFolder();
  const allPosts = [...DEMO_NEWS, ...DEMO_NOTICES];
  const portraits = DEMO_ARTISTS.map((artist) =>
    Array.from({ length: artist.imageCount }, (_, i) => draw(() => demoPhoto("portrait", artist.palette, i, folder))),
  );
  const scenes = allPosts.map((post, i) =>
    post.html.includes("{{IMAGE}}") || post.htmlEn?.includes("{{IMAGE}}")
      ? draw(() => demoPhoto("scene", demoScenePalette(i), i, folder))
      : null,
  );
  const artistMedia: number[][] = [];
  // Named as a person's upload would be, so the media library and the pickers show and find them by name.
  for (const [a, drawn] of portraits.entries()) {
    const ids: number[] = [];
    for (const [i, image] of drawn.entries()) ids.push((await storeImage(db, storage, await image, undefined, `${DEMO_ARTISTS[a]!.name}-${i + 1}.jpg`)).id);
    artistMedia.push(ids);
  }
  const postImages = new Map<DemoPost, { id: number; url: string }>();
  for (const [i, post] of allPosts.entries()) {
    const image = scenes[i];
    if (!image) continue;
    const label = (post.imageLabel ?? "photo").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    const stored = await storeImage(db, storage, await image, undefined, `${post.kind}-${post.writeDay}-${label}.jpg`);
    postImages.set(post, { id: stored.id, url: stored.url });
  }

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [marker] = await tx.select().from(siteSettings).where(eq(siteSettings.key, SEEDED_MARKER));
    if (marker) return "already-seeded" as const;
    for (const [i, artist] of DEMO_ARTISTS.entries()) {
      const [row] = await tx
        .insert(artists)
        .values({
          ...pickArtistFields(artist),
          en: artist.en ?? {},
          displayOrder: i + 1,
          updatedBy: SEED_ACTOR_LABEL,
        })
        .returning({ id: artists.id });
      await tx
        .insert(artistImages)
        .values(artistMedia[i]!.map((mediaId, position) => ({ artistId: row!.id, position, mediaId })));
    }
    // Oldest first, so ids grow with the date like real posting would.
    for (const post of [...allPosts].reverse()) {
      await insertDemoPost(tx, post, postImages.get(post)?.url);
    }
    await tx.insert(siteSettings).values({ key: SEEDED_MARKER, value: { at: new Date().toISOString() } });
    return "seeded" as const;
  });

  if (result === "seeded") {
    logger.info(
      { artists: DEMO_ARTISTS.length, posts: allPosts.length, ms: Date.now() - started },
      "demo content seeded",
    );
  } else {
    // Another app server seeded first: drop the images made here.
    await deleteMedia(db, storage, [...artistMedia.flat(), ...Array.from(postImages.values(), (p) => p.id)]);
  }
  return result;
}

/** Writes one demo post, published on its day, with its photo (when it has one) in both languages. */
async function insertDemoPost(tx: Tx, post: DemoPost, imageUrl: string | undefined): Promise<void> {
  // Both languages show the same stored photo.
  const withImage = (html: string) =>
    imageUrl ? html.replace("{{IMAGE}}", `<img src="${imageUrl}" alt="${post.imageLabel ?? ""}">`) : html;
  const content = sanitizePostHtml(withImage(post.html));
  const derived = await derivePostContent(tx, content);
  const english = await deriveEnglish(tx, post, withImage);
  const written = new Date(`${post.writeDay}T10:00:00+09:00`);
  const [row] = await tx
    .insert(posts)
    .values({
      kind: post.kind,
      title: post.title,
      content,
      ...derived.columns,
      ...english.columns,
      writeDay: post.writeDay,
      status: "published",
      publishedAt: written,
      updatedBy: SEED_ACTOR_LABEL,
      createdAt: written,
      updatedAt: written,
    })
    .returning({ id: posts.id });
  await writePostMedia(tx, row!.id, [...new Set([...derived.mediaIds, ...english.mediaIds])]);
}

/**
 * Runs the drawings handed to it at most `width` at a time, in the order given; each call returns its
 * drawing's promise at once.
 */
function drawAhead(width: number): (job: () => Promise<Buffer>) => Promise<Buffer> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const run = async (job: () => Promise<Buffer>) => {
    if (running >= width) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
  return (job) => {
    const drawing = run(job);
    // Not awaited when an earlier step failed: that failure is the one reported.
    drawing.catch(() => undefined);
    return drawing;
  };
}

/** The English columns of a demo post, derived the way a save derives them; none without an English version. */
async function deriveEnglish(tx: Tx, post: DemoPost, withImage: (html: string) => string) {
  if (!post.titleEn || !post.htmlEn) return { columns: {}, mediaIds: [] };
  const contentEn = sanitizePostHtml(withImage(post.htmlEn));
  const derived = await derivePostContent(tx, contentEn);
  return {
    columns: {
      titleEn: post.titleEn,
      contentEn,
      contentTextEn: derived.columns.contentText,
      previewEn: derived.columns.preview,
      descriptionEn: derived.columns.description,
      renderedContentEn: derived.columns.renderedContent,
    },
    mediaIds: derived.mediaIds,
  };
}

async function hasMarker(db: Database): Promise<boolean> {
  const rows = await db.select({ key: siteSettings.key }).from(siteSettings).where(eq(siteSettings.key, SEEDED_MARKER));
  return rows.length > 0;
}

async function setMarker(db: Database): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: SEEDED_MARKER, value: { at: new Date().toISOString(), skipped: "database not empty" } })
    .onConflictDoNothing();
}

async function isEmpty(db: Database): Promise<boolean> {
  const [a] = await db.select({ n: count() }).from(artists);
  const [p] = await db.select({ n: count() }).from(posts);
  return (a?.n ?? 0) === 0 && (p?.n ?? 0) === 0;
}
