import { eq } from "drizzle-orm";
import { artists } from "../../../drizzle/schema";
import { ARTIST_LIST_FIELD_INFO } from "../../domain/artist-fields";
import { saveArtist } from "../artists/artist-use-cases.server";
import { count, note, type ImportContext } from "./import-context.server";
import { decide, provenance, remember } from "./import-provenance.server";
import { fingerprint, OLD_SITE_PATHS, readArtist, recordOf, type SourceArtist } from "./old-site.server";
import { SiteImportError } from "./old-site-requests.server";

/** The import's artists (decision 045): each read in detail, its photos brought, saved through `saveArtist`. */

/** The artists of the old site's list, one after the other. */
export async function importArtists(ctx: ImportContext, list: unknown[]): Promise<void> {
  for (const item of list) {
    const listed = recordOf(item);
    const name = typeof listed?.name === "string" ? listed.name.trim() : "";
    if (!name) {
      count(ctx, "artists", "skipped");
      note(ctx, "skipped", "artists", "(이름 없음)", "이름이 없는 배우라 가져오지 않았습니다.");
      await ctx.tick("배우 (이름 없음)");
      continue;
    }
    let detail: Record<string, unknown> | null = null;
    try {
      detail = recordOf(await ctx.getJson(OLD_SITE_PATHS.artist(name)));
    } catch (error) {
      if (!(error instanceof SiteImportError)) throw error;
      // The list's own fields stand in for a detail that cannot be read.
      note(ctx, "repaired", "artists", name, `상세 정보를 읽지 못해 목록의 내용으로 가져왔습니다: ${error.message}`);
    }
    const source = readArtist({ ...listed, ...detail }, ctx.base);
    if (!source) {
      count(ctx, "artists", "skipped");
      note(ctx, "skipped", "artists", name, "배우 정보를 읽을 수 없습니다.");
    } else {
      await importArtist(ctx, source);
    }
    await ctx.tick(`배우 ${name}`);
  }
}

async function importArtist(ctx: ImportContext, source: SourceArtist): Promise<void> {
  const hash = fingerprint({ text: source.text, lists: source.lists, images: source.images });
  const previous = await provenance(ctx, "artists", source.name);
  const [local] = previous ? await ctx.services.db.select({ name: artists.name, version: artists.version, deletedAt: artists.deletedAt }).from(artists).where(eq(artists.id, previous.localId)) : [];
  const action = decide(ctx, "artists", source.name, hash, previous, local ?? null);
  if (!action) return;
  for (const repair of source.repairs) note(ctx, "repaired", "artists", source.name, repair);
  if (source.images.length === 0) note(ctx, "repaired", "artists", source.name, "사진이 없는 배우입니다.");
  const images = await ctx.bringImages(source.images);
  const imageUrls: string[] = [];
  for (const reference of source.images) {
    const result = images.get(reference)!;
    if ("url" in result) imageUrls.push(result.url);
    else note(ctx, "repaired", "artists", source.name, `사진을 빼고 가져왔습니다: ${result.error}`);
  }
  if (ctx.dryRun) return count(ctx, "artists", action === "create" ? "created" : "updated");
  const result = await saveArtist(ctx.services, ctx.actor, {
    existingName: action === "update" ? local!.name : null,
    input: { ...source.text, ...Object.fromEntries(ARTIST_LIST_FIELD_INFO.map((f) => [f.key, source.lists[f.key]])), imageUrls },
    status: null,
    displayOrder: null,
    expectedVersion: action === "update" ? previous!.localVersion : null,
    alsoInTransaction: remember(ctx, "artists", source.name, hash),
  });
  if (result.status === "saved") return count(ctx, "artists", action === "create" ? "created" : "updated");
  if (result.status === "conflict") {
    count(ctx, "artists", "conflict");
    return note(ctx, "conflicts", "artists", source.name, "가져오는 사이에 여기서 고쳐져 그대로 두었습니다.");
  }
  count(ctx, "artists", result.status === "duplicate-name" ? "conflict" : "skipped");
  const reason =
    result.status === "invalid"
      ? Object.values(result.errors).join(" ")
      : result.status === "duplicate-name"
        ? `같은 이름의 배우가 이미 여기 있어${result.inTrash ? "(휴지통)" : ""} 가져오지 않았습니다.`
        : result.status === "not-found"
          ? "여기서 삭제한 배우입니다."
          : `사진을 쓸 수 없습니다: ${result.url}`;
  note(ctx, result.status === "duplicate-name" ? "conflicts" : "skipped", "artists", source.name, reason);
}
