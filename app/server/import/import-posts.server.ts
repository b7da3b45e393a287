import { eq } from "drizzle-orm";
import { posts } from "../../../drizzle/schema";
import { IMPORT_KIND_LABELS, type ImportKind } from "../../domain/site-import";
import { foreignImageSources, postHtmlShapeProblem, replaceForeignImages } from "../platform/sanitize-html.server";
import { savePost } from "../posts/post-use-cases.server";
import { count, note, type ImportContext } from "./import-context.server";
import { decide, provenance, remember } from "./import-provenance.server";
import { fingerprint, OLD_SITE_PATHS, readPost, recordOf, type SourceKind, type SourcePost } from "./old-site.server";
import { SiteImportError } from "./old-site-requests.server";

/**
 * The import's news and notices (decision 045): oldest first, each read in detail, its images brought
 * and its HTML checked, saved through `savePost`.
 */

/** The old site's kind of post for each kind imported. */
export const POST_KIND_OF: Record<Exclude<ImportKind, "artists">, SourceKind> = { news: "news", notices: "notice" };

/** The posts of the old site's list of one kind, oldest first, so the posts here are numbered in the old site's order. */
export async function importPosts(ctx: ImportContext, kind: "news" | "notices", list: unknown[]): Promise<void> {
  const sourceKind = POST_KIND_OF[kind];
  const listed = list.map((item) => recordOf(item)).filter((r): r is Record<string, unknown> => r !== null);
  const ids = listed.map((r) => readPost(r)?.postId ?? "").filter(Boolean);
  const order = [...new Set(ids)].sort((a, b) => (Number(a) - Number(b)) || a.localeCompare(b));
  const skippedWithoutId = listed.length - ids.length;
  for (let i = 0; i < skippedWithoutId; i++) {
    count(ctx, kind, "skipped");
    note(ctx, "skipped", kind, "(번호 없음)", "postId가 없는 글이라 가져오지 않았습니다.");
    await ctx.tick(`${IMPORT_KIND_LABELS[kind]} (번호 없음)`);
  }
  const byId = new Map(listed.map((r) => [readPost(r)?.postId ?? "", r]));
  for (const postId of order) {
    let detail: Record<string, unknown> | null = null;
    try {
      detail = recordOf(await ctx.getJson(OLD_SITE_PATHS.post(sourceKind, postId)));
    } catch (error) {
      if (!(error instanceof SiteImportError)) throw error;
      note(ctx, "repaired", kind, `#${postId}`, `상세 정보를 읽지 못해 목록의 내용으로 가져왔습니다: ${error.message}`);
    }
    const source = readPost({ ...byId.get(postId), ...detail }, postId);
    if (source) await importPost(ctx, kind, source);
    await ctx.tick(`${IMPORT_KIND_LABELS[kind]} #${postId}`);
  }
}

async function importPost(ctx: ImportContext, kind: "news" | "notices", source: SourcePost): Promise<void> {
  const label = `#${source.postId}${source.title ? ` ${source.title}` : ""}`;
  const hash = fingerprint({ title: source.title, content: source.content, writeDay: source.writeDay });
  const previous = await provenance(ctx, kind, source.postId);
  const [local] = previous ? await ctx.services.db.select({ version: posts.version, deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, previous.localId)) : [];
  const action = decide(ctx, kind, label, hash, previous, local ?? null);
  if (!action) return;
  for (const repair of source.repairs) note(ctx, "repaired", kind, label, repair);
  const shape = postHtmlShapeProblem(source.content);
  if (shape !== null) {
    count(ctx, kind, "skipped");
    return note(ctx, "skipped", kind, label, shape);
  }
  if (unbalancedTags(source.content)) note(ctx, "repaired", kind, label, "닫히지 않은 태그가 있어 HTML을 정리했습니다.");
  const content = await withImagesHere(ctx, kind, label, source.content);
  const title = source.title || `제목 없음 (#${source.postId})`;
  if (!source.title) note(ctx, "repaired", kind, label, `제목이 없어 '${title}'로 가져왔습니다.`);
  if (ctx.dryRun) return count(ctx, kind, action === "create" ? "created" : "updated");
  const result = await savePost(ctx.services, ctx.actor, {
    kind: POST_KIND_OF[kind],
    postId: action === "update" ? previous!.localId : null,
    title,
    content,
    expectedVersion: action === "update" ? previous!.localVersion : null,
    ...(source.writeDay ? { writeDay: source.writeDay } : {}),
    alsoInTransaction: remember(ctx, kind, source.postId, hash),
  });
  if (result.status === "saved") return count(ctx, kind, action === "create" ? "created" : "updated");
  if (result.status === "conflict") {
    count(ctx, kind, "conflict");
    return note(ctx, "conflicts", kind, label, "가져오는 사이에 여기서 고쳐져 그대로 두었습니다.");
  }
  count(ctx, kind, "skipped");
  note(ctx, "skipped", kind, label, result.status === "invalid" ? Object.values(result.errors).join(" ") : "여기서 삭제한 글입니다.");
}

/** The post's HTML with its images brought here; one that cannot be is left out, and said so. */
async function withImagesHere(ctx: ImportContext, kind: "news" | "notices", label: string, html: string): Promise<string> {
  const references = foreignImageSources(html);
  const images = await ctx.bringImages(references.map((src) => absoluteImage(src, ctx.base)));
  const replacements = new Map<string, string>();
  for (const src of references) {
    const result = images.get(absoluteImage(src, ctx.base))!;
    if ("url" in result) replacements.set(src, result.url);
    else note(ctx, "repaired", kind, label, `이미지를 빼고 가져왔습니다: ${result.error}`);
  }
  return replaceForeignImages(html, replacements);
}

/** An image source of a post, relative ones on the old host. */
function absoluteImage(src: string, base: string): string {
  if (src.startsWith("data:")) return src;
  try {
    return new URL(src, `${base}/`).href;
  } catch {
    return src;
  }
}

const VOID_TAGS = new Set(["br", "img", "hr", "input", "meta", "link", "source", "wbr", "col", "area", "base", "embed", "param", "track"]);

/** Whether HTML opens tags it does not close (or closes ones it never opened): it is imported cleaned up, and said so. */
function unbalancedTags(html: string): boolean {
  const open = new Map<string, number>();
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g)) {
    const tag = name!.toLowerCase();
    if (VOID_TAGS.has(tag)) continue;
    open.set(tag, (open.get(tag) ?? 0) + (closing ? -1 : 1));
  }
  return [...open.values()].some((n) => n !== 0);
}
