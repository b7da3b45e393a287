import { createHash } from "node:crypto";
import os from "node:os";
import { and, eq } from "drizzle-orm";
import { artists, importedImages, importedRecords, media, posts, siteImports } from "../../../drizzle/schema";
import { ARTIST_LIST_FIELD_INFO } from "../../domain/artist-fields";
import { emptyImportReport, formatBytes, IMPORT_KIND_LABELS, IMPORT_KINDS, summarizeImport, type ImportKind, type ImportOutcome, type SiteImportReport } from "../../domain/site-import";
import { saveArtist } from "../artists/artist-use-cases.server";
import { ImageRejectedError } from "../media/media.server";
import { fetchRemoteImage, RemoteImageError } from "../media/remote-image.server";
import { uploadImage } from "../media/upload-image.server";
import { recordBatchAudit } from "../platform/audit.server";
import type { Tx } from "../platform/db.server";
import { GuardedFetchError, guardedFetch, type GuardedFetchLimits } from "../platform/guarded-fetch.server";
import type { Actor, Services } from "../platform/services.server";
import { savePost } from "../posts/post-use-cases.server";
import { foreignImageSources, postHtmlShapeProblem, replaceForeignImages } from "../platform/sanitize-html.server";
import { fingerprint, listOf, OLD_SITE_PATHS, readArtist, readPost, recordOf, type SourceArtist, type SourceKind, type SourcePost } from "./old-site.server";

/**
 * The move from the original site (decision 045): reads every artist, news post and notice through the
 * old site's API, brings their images through the media pipeline, and saves them through the same use
 * cases as the workspace. Each record's origin is written in the save's own transaction, so a re-run
 * (or a run after an interrupted one) adds what is new, updates what changed there, and reports as a
 * conflict what changed there after it was edited here; it never deletes anything here.
 */

export interface SiteImportOptions {
  /** The old site, e.g. `https://old.we-ent.co.kr` (a path prefix is kept). */
  from: string;
  only?: readonly ImportKind[];
  dryRun?: boolean;
  /** Who runs it (the activity log's one entry, and the revisions' author). */
  actor: Actor;
  /** Called after each record with the report so far. */
  onProgress?: (report: SiteImportReport, current: string) => void;
  signal?: AbortSignal;
  /** Called once the run holds the one-import-at-a-time lease (at once for a dry run). */
  onStarted?: () => void;
  /** Old-site API calls: limits of one answer (tests make them small). */
  requestLimits?: Partial<OldSiteRequestLimits>;
}

type OldSiteRequestLimits = Omit<GuardedFetchLimits, "allowPrivateHosts">;

/**
 * One answer of the old site's API (decision 052): a few MB (its largest list is far smaller), its head
 * within 15 s, all of it within 30 s, at most 3 redirects. Its images get the remote-image limits.
 */
export const OLD_SITE_REQUEST_LIMITS: Readonly<OldSiteRequestLimits> = Object.freeze({
  maxBytes: 5 * 1024 * 1024,
  headersTimeoutMs: 15_000,
  timeoutMs: 30_000,
  maxRedirects: 3,
});

/** The old site could not be read at all (the address, the network, the answer). */
export class SiteImportError extends Error {
  override name = "SiteImportError";
}

const USER_AGENT = "WE-ENTERTAINMENT-site-import/1.0";
const POST_KIND_OF: Record<Exclude<ImportKind, "artists">, SourceKind> = { news: "news", notices: "notice" };
const PARALLEL_IMAGES = 4;
const HEARTBEAT_MS = 5_000;
/** A running import that has not renewed its row for this long was interrupted. */
export const STALE_AFTER_MS = 60_000;

/** Whether the run's process is known to be gone: it ran on this machine and its process no longer exists. */
function holderIsGone(holder: string): boolean {
  const at = holder.lastIndexOf(":");
  if (at < 0 || holder.slice(0, at) !== os.hostname()) return false;
  const pid = Number(holder.slice(at + 1));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}

/** The old site's address as given: http(s), no credentials, no query; its origin and path prefix. */
export function oldSiteBase(from: string): string {
  let url: URL;
  try {
    url = new URL(from);
  } catch {
    throw new SiteImportError(`이전 사이트 주소가 올바르지 않습니다: ${from}. 예: https://old.we-ent.co.kr`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SiteImportError("이전 사이트 주소는 http:// 또는 https://로 시작해야 합니다.");
  if (url.username || url.password) throw new SiteImportError("이전 사이트 주소에 사용자 이름이나 비밀번호를 넣지 마세요.");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

export async function runSiteImport(services: Services, options: SiteImportOptions): Promise<SiteImportReport> {
  const base = oldSiteBase(options.from);
  const origin = new URL(base).origin;
  const only = IMPORT_KINDS.filter((kind) => !options.only || options.only.includes(kind));
  const dryRun = options.dryRun === true;
  const started = new Date();
  const report = emptyImportReport(base, only, dryRun, started);
  const actor: Actor = { ...options.actor, batch: true };
  const { db } = services;
  const requestLimits: GuardedFetchLimits = { allowPrivateHosts: services.remoteImages.allowPrivateHosts, ...OLD_SITE_REQUEST_LIMITS, ...options.requestLimits };

  // One run at a time (a unique index on the running row). A "running" row whose process stopped
  // renewing it was interrupted: the next run says so and takes over; its records are already safe.
  let runId: number | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  if (!dryRun) {
    runId = await db.transaction(async (tx) => {
      for (const running of await tx.select().from(siteImports).where(eq(siteImports.state, "running"))) {
        if (running.heartbeatAt.getTime() > started.getTime() - STALE_AFTER_MS && !holderIsGone(running.holder)) return null;
        await tx.update(siteImports).set({ state: "interrupted", finishedAt: started }).where(eq(siteImports.id, running.id));
      }
      const [row] = await tx
        .insert(siteImports)
        .values({ origin: base, only, dryRun, actorLabel: options.actor.label ?? "", holder: `${os.hostname()}:${process.pid}`, report: { ...report } })
        .returning({ id: siteImports.id });
      return row!.id;
    }).catch((error: unknown) => {
      // Two runs starting at the same moment: the unique index lets one through.
      if (isUniqueViolation(error)) return null;
      throw error;
    });
    if (runId === null) throw new SiteImportError("다른 가져오기가 진행 중입니다. 그 가져오기가 끝난 뒤 다시 실행해 주세요.");
    const id = runId;
    heartbeat = setInterval(() => {
      void db.update(siteImports).set({ heartbeatAt: new Date() }).where(eq(siteImports.id, id)).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }
  options.onStarted?.();
  let lastSaved = 0;
  const saveProgress = async (force = false) => {
    if (runId === null || (!force && Date.now() - lastSaved < 1000)) return;
    lastSaved = Date.now();
    await db.update(siteImports).set({ report: { ...report }, heartbeatAt: new Date() }).where(eq(siteImports.id, runId));
  };
  const tick = async (current: string) => {
    report.progress.done++;
    report.seconds = (Date.now() - started.getTime()) / 1000;
    options.onProgress?.(report, current);
    await saveProgress();
  };

  /** One answer of the old site's API, through the same guarded fetcher as its images: only the old site itself is trusted. */
  async function getJson(path: string): Promise<unknown> {
    let bytes: Uint8Array;
    try {
      ({ bytes } = await guardedFetch(base + path, requestLimits, {
        headers: { "user-agent": USER_AGENT, accept: "application/json" },
        trustedOrigins: [origin],
        signal: options.signal,
      }));
    } catch (error) {
      if (error instanceof GuardedFetchError) throw new SiteImportError(requestFailure(readablePath(path), error, requestLimits, origin), { cause: error });
      throw error;
    }
    try {
      return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    } catch (error) {
      throw new SiteImportError(`${readablePath(path)}의 답이 JSON이 아닙니다.`, { cause: error });
    }
  }

  // ---- Images: each source once per origin; the old host is trusted, other hosts get the safeguards.
  const imageCache = new Map<string, Promise<{ url: string } | { error: string }>>();
  const sourceKeyOf = (reference: string) => (reference.startsWith("data:") ? `data:sha256:${createHash("sha256").update(reference).digest("hex")}` : reference);
  function bringImage(reference: string): Promise<{ url: string } | { error: string }> {
    const key = sourceKeyOf(reference);
    let pending = imageCache.get(key);
    if (!pending) {
      pending = bringImageOnce(reference, key);
      imageCache.set(key, pending);
    }
    return pending;
  }
  async function bringImageOnce(reference: string, key: string): Promise<{ url: string } | { error: string }> {
    const [known] = await db
      .select({ url: importedImages.url })
      .from(importedImages)
      .innerJoin(media, eq(media.id, importedImages.mediaId))
      .where(and(eq(importedImages.origin, origin), eq(importedImages.source, key)));
    if (known) {
      report.images.reused++;
      return { url: known.url };
    }
    let bytes: Uint8Array;
    try {
      bytes = reference.startsWith("data:") ? decodeDataUri(reference) : (await fetchRemoteImage(reference, services.remoteImages, { trustedOrigins: [origin], signal: options.signal })).bytes;
    } catch (error) {
      if (error instanceof RemoteImageError || error instanceof DataUriError) {
        report.images.failed++;
        return { error: error.message };
      }
      throw error;
    }
    if (dryRun) {
      report.images.downloaded++;
      report.images.bytes += bytes.byteLength;
      return { url: reference };
    }
    try {
      // The picker finds it by the old file's name (cleaned by uploadedFileName; "" for a data: image).
      const stored = await uploadImage(services, actor, bytes, fileNameOf(reference));
      await db.insert(importedImages).values({ origin, source: key, mediaId: stored.id, url: stored.url, bytes: bytes.byteLength }).onConflictDoNothing();
      report.images.downloaded++;
      report.images.bytes += bytes.byteLength;
      return { url: stored.url };
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      report.images.failed++;
      return { error: `이미지를 쓸 수 없습니다(${shortSource(reference)}): ${error.message}` };
    }
  }
  async function bringImages(references: string[]): Promise<Map<string, { url: string } | { error: string }>> {
    const results = new Map<string, { url: string } | { error: string }>();
    let next = 0;
    const unique = [...new Set(references)];
    const worker = async () => {
      for (let i = next++; i < unique.length; i = next++) results.set(unique[i]!, await bringImage(unique[i]!));
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_IMAGES, unique.length) }, worker));
    return results;
  }

  // ---- Where a record came from, and what became of it here.
  async function provenance(kind: ImportKind, key: string) {
    const [row] = await db
      .select()
      .from(importedRecords)
      .where(and(eq(importedRecords.origin, origin), eq(importedRecords.kind, kind), eq(importedRecords.sourceKey, key)));
    return row ?? null;
  }
  const remember = (kind: ImportKind, key: string, hash: string) => async (tx: Tx, saved: { id: number; version: number }) => {
    const values = { origin, kind, sourceKey: key, localId: saved.id, sourceHash: hash, localVersion: saved.version, importedAt: new Date() };
    await tx
      .insert(importedRecords)
      .values(values)
      .onConflictDoUpdate({ target: [importedRecords.origin, importedRecords.kind, importedRecords.sourceKey], set: { localId: values.localId, sourceHash: hash, localVersion: saved.version, importedAt: values.importedAt } });
  };
  const count = (kind: ImportKind, outcome: ImportOutcome) => void report.counts[kind][outcome]++;
  const note = (list: "conflicts" | "skipped" | "repaired", kind: ImportKind, record: string, reason: string) => void report[list].push({ kind, record, reason });

  /** What to do with a record given its provenance and the record here: create, update, or an outcome already decided. */
  function decide(
    kind: ImportKind,
    label: string,
    hash: string,
    origin_: { sourceHash: string; localVersion: number } | null,
    local: { version: number; deletedAt: Date | null } | null,
  ): "create" | "update" | null {
    if (!origin_) return "create";
    if (!local || local.deletedAt) {
      count(kind, "skipped");
      note("skipped", kind, label, local ? "여기서 휴지통으로 옮긴 기록이라 다시 가져오지 않았습니다." : "여기서 삭제한 기록이라 다시 가져오지 않았습니다.");
      return null;
    }
    if (origin_.sourceHash === hash) {
      count(kind, "unchanged");
      return null;
    }
    if (local.version !== origin_.localVersion) {
      count(kind, "conflict");
      note("conflicts", kind, label, "이전 사이트에서 바뀌었지만 지난 가져오기 뒤 여기서도 고쳐서, 여기의 내용을 그대로 두었습니다.");
      return null;
    }
    return "update";
  }

  // ---- Artists.
  async function importArtists(list: unknown[]) {
    for (const item of list) {
      const listed = recordOf(item);
      const name = typeof listed?.name === "string" ? listed.name.trim() : "";
      if (!name) {
        count("artists", "skipped");
        note("skipped", "artists", "(이름 없음)", "이름이 없는 배우라 가져오지 않았습니다.");
        await tick("배우 (이름 없음)");
        continue;
      }
      let detail: Record<string, unknown> | null = null;
      try {
        detail = recordOf(await getJson(OLD_SITE_PATHS.artist(name)));
      } catch (error) {
        if (!(error instanceof SiteImportError)) throw error;
        // The list's own fields stand in for a detail that cannot be read.
        note("repaired", "artists", name, `상세 정보를 읽지 못해 목록의 내용으로 가져왔습니다: ${error.message}`);
      }
      const source = readArtist({ ...listed, ...detail }, base);
      if (!source) {
        count("artists", "skipped");
        note("skipped", "artists", name, "배우 정보를 읽을 수 없습니다.");
      } else {
        await importArtist(source);
      }
      await tick(`배우 ${name}`);
    }
  }

  async function importArtist(source: SourceArtist) {
    const hash = fingerprint({ text: source.text, lists: source.lists, images: source.images });
    const origin_ = await provenance("artists", source.name);
    const [local] = origin_ ? await db.select({ name: artists.name, version: artists.version, deletedAt: artists.deletedAt }).from(artists).where(eq(artists.id, origin_.localId)) : [];
    const action = decide("artists", source.name, hash, origin_, local ?? null);
    if (!action) return;
    for (const repair of source.repairs) note("repaired", "artists", source.name, repair);
    if (source.images.length === 0) note("repaired", "artists", source.name, "사진이 없는 배우입니다.");
    const images = await bringImages(source.images);
    const imageUrls: string[] = [];
    for (const reference of source.images) {
      const result = images.get(reference)!;
      if ("url" in result) imageUrls.push(result.url);
      else note("repaired", "artists", source.name, `사진을 빼고 가져왔습니다: ${result.error}`);
    }
    if (dryRun) return count("artists", action === "create" ? "created" : "updated");
    const result = await saveArtist(services, actor, {
      existingName: action === "update" ? local!.name : null,
      input: { ...source.text, ...Object.fromEntries(ARTIST_LIST_FIELD_INFO.map((f) => [f.key, source.lists[f.key]])), imageUrls },
      status: null,
      displayOrder: null,
      expectedVersion: action === "update" ? origin_!.localVersion : null,
      alsoInTransaction: remember("artists", source.name, hash),
    });
    if (result.status === "saved") return count("artists", action === "create" ? "created" : "updated");
    if (result.status === "conflict") {
      count("artists", "conflict");
      return note("conflicts", "artists", source.name, "가져오는 사이에 여기서 고쳐져 그대로 두었습니다.");
    }
    count("artists", result.status === "duplicate-name" ? "conflict" : "skipped");
    const reason =
      result.status === "invalid"
        ? Object.values(result.errors).join(" ")
        : result.status === "duplicate-name"
          ? `같은 이름의 배우가 이미 여기 있어${result.inTrash ? "(휴지통)" : ""} 가져오지 않았습니다.`
          : result.status === "not-found"
            ? "여기서 삭제한 배우입니다."
            : `사진을 쓸 수 없습니다: ${result.url}`;
    note(result.status === "duplicate-name" ? "conflicts" : "skipped", "artists", source.name, reason);
  }

  // ---- News and notices.
  async function importPosts(kind: "news" | "notices", list: unknown[]) {
    const sourceKind = POST_KIND_OF[kind];
    // Oldest first, so the posts here are numbered in the old site's order.
    const listed = list.map((item) => recordOf(item)).filter((r): r is Record<string, unknown> => r !== null);
    const ids = listed.map((r) => readPost(r)?.postId ?? "").filter(Boolean);
    const order = [...new Set(ids)].sort((a, b) => (Number(a) - Number(b)) || a.localeCompare(b));
    const skippedWithoutId = listed.length - ids.length;
    for (let i = 0; i < skippedWithoutId; i++) {
      count(kind, "skipped");
      note("skipped", kind, "(번호 없음)", "postId가 없는 글이라 가져오지 않았습니다.");
      await tick(`${IMPORT_KIND_LABELS[kind]} (번호 없음)`);
    }
    const byId = new Map(listed.map((r) => [readPost(r)?.postId ?? "", r]));
    for (const postId of order) {
      let detail: Record<string, unknown> | null = null;
      try {
        detail = recordOf(await getJson(OLD_SITE_PATHS.post(sourceKind, postId)));
      } catch (error) {
        if (!(error instanceof SiteImportError)) throw error;
        note("repaired", kind, `#${postId}`, `상세 정보를 읽지 못해 목록의 내용으로 가져왔습니다: ${error.message}`);
      }
      const source = readPost({ ...byId.get(postId), ...detail }, postId);
      if (source) await importPost(kind, source);
      await tick(`${IMPORT_KIND_LABELS[kind]} #${postId}`);
    }
  }

  async function importPost(kind: "news" | "notices", source: SourcePost) {
    const label = `#${source.postId}${source.title ? ` ${source.title}` : ""}`;
    const hash = fingerprint({ title: source.title, content: source.content, writeDay: source.writeDay });
    const origin_ = await provenance(kind, source.postId);
    const [local] = origin_ ? await db.select({ version: posts.version, deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, origin_.localId)) : [];
    const action = decide(kind, label, hash, origin_, local ?? null);
    if (!action) return;
    for (const repair of source.repairs) note("repaired", kind, label, repair);
    const shape = postHtmlShapeProblem(source.content);
    if (shape !== null) {
      count(kind, "skipped");
      return note("skipped", kind, label, shape);
    }
    if (unbalancedTags(source.content)) note("repaired", kind, label, "닫히지 않은 태그가 있어 HTML을 정리했습니다.");
    const references = foreignImageSources(source.content);
    const images = await bringImages(references.map((src) => absoluteImage(src, base)));
    const replacements = new Map<string, string>();
    for (const src of references) {
      const result = images.get(absoluteImage(src, base))!;
      if ("url" in result) replacements.set(src, result.url);
      else note("repaired", kind, label, `이미지를 빼고 가져왔습니다: ${result.error}`);
    }
    const content = replaceForeignImages(source.content, replacements);
    const title = source.title || `제목 없음 (#${source.postId})`;
    if (!source.title) note("repaired", kind, label, `제목이 없어 '${title}'로 가져왔습니다.`);
    if (dryRun) return count(kind, action === "create" ? "created" : "updated");
    const result = await savePost(services, actor, {
      kind: POST_KIND_OF[kind],
      postId: action === "update" ? origin_!.localId : null,
      title,
      content,
      expectedVersion: action === "update" ? origin_!.localVersion : null,
      ...(source.writeDay ? { writeDay: source.writeDay } : {}),
      alsoInTransaction: remember(kind, source.postId, hash),
    });
    if (result.status === "saved") return count(kind, action === "create" ? "created" : "updated");
    if (result.status === "conflict") {
      count(kind, "conflict");
      return note("conflicts", kind, label, "가져오는 사이에 여기서 고쳐져 그대로 두었습니다.");
    }
    count(kind, "skipped");
    note("skipped", kind, label, result.status === "invalid" ? Object.values(result.errors).join(" ") : "여기서 삭제한 글입니다.");
  }

  try {
    // The lists first, so the progress knows the whole.
    const lists = new Map<ImportKind, unknown[]>();
    for (const kind of only) {
      const path = kind === "artists" ? OLD_SITE_PATHS.artists : OLD_SITE_PATHS.list(POST_KIND_OF[kind]);
      const list = listOf(await getJson(path));
      if (!list) throw new SiteImportError(`${path}의 답에서 목록을 찾지 못했습니다.`);
      lists.set(kind, list);
      report.progress.total += list.length;
    }
    options.onProgress?.(report, "목록을 읽었습니다");
    for (const kind of only) {
      if (kind === "artists") await importArtists(lists.get(kind)!);
      else await importPosts(kind, lists.get(kind)!);
    }
  } catch (error) {
    if (!(error instanceof SiteImportError)) {
      await finish("failed", error instanceof Error && error.name === "AbortError" ? "가져오기를 중단했습니다." : "예기치 않은 오류로 멈췄습니다. 다시 실행하면 이어서 가져옵니다.");
      throw error;
    }
    report.error = error.message;
  }
  await finish(report.error ? "failed" : "finished", report.error);
  return report;

  async function finish(state: "finished" | "failed", error: string | null) {
    if (heartbeat) clearInterval(heartbeat);
    report.error = error;
    report.finishedAt = new Date().toISOString();
    report.seconds = (Date.now() - started.getTime()) / 1000;
    if (runId === null) {
      // A dry run writes nothing but its report, kept like a run's so that every app process (and the
      // workspace after a command-line dry run) shows the same last dry run.
      await db.insert(siteImports).values({
        origin: base,
        only,
        dryRun: true,
        state,
        actorLabel: options.actor.label ?? "",
        holder: `${os.hostname()}:${process.pid}`,
        report: { ...report },
        startedAt: started,
        heartbeatAt: new Date(report.finishedAt!),
        finishedAt: new Date(report.finishedAt!),
      });
      return;
    }
    await db.transaction(async (tx) => {
      await tx.update(siteImports).set({ state, report: { ...report }, finishedAt: new Date(report.finishedAt!) }).where(eq(siteImports.id, runId));
      await recordBatchAudit(tx, options.actor, {
        action: "import",
        entity: "site-import",
        entityId: runId!,
        details: { origin: base, summary: summarizeImport(report), state, counts: report.counts, images: report.images },
      });
    });
  }
}

/**
 * Why an answer of the old site could not be read, in staff's words. It names where a redirect pointed
 * (only its host) but never what another service answered: not its body, not its status.
 */
function requestFailure(path: string, error: GuardedFetchError, limits: GuardedFetchLimits, origin: string): string {
  const { hop, facts } = error;
  const elsewhere = hop.redirected && originOf(hop.url) !== origin;
  const where = hostOf(hop.url);
  const seconds = (ms: number) => Math.max(0.1, Math.round(ms / 100) / 10);
  switch (error.reason) {
    // The first request goes to the old site itself, which is trusted: these come from a redirect.
    case "forbidden_address":
      return `이전 사이트가 ${path} 요청을 다른 곳(${where})으로 넘겼는데, 그곳은 ${facts.refused === "port" ? "80, 443이 아닌 포트를 쓰는" : "내부망(사설·로컬)"} 주소라 보안상 가져오지 않았습니다.`;
    case "invalid_url":
      return `이전 사이트가 ${path} 요청을 http:// 또는 https://가 아닌 주소로 넘겨서 가져오지 않았습니다.`;
    case "too_many_redirects":
      return `이전 사이트가 ${path} 요청을 다른 주소로 너무 여러 번 넘겨서(최대 ${limits.maxRedirects}번) 가져오지 않았습니다.`;
    case "timeout":
      return facts.phase === "body"
        ? `${path}: 이전 사이트의 답을 ${seconds(limits.timeoutMs)}초 안에 다 받지 못해 읽기를 멈췄습니다.`
        : `${path}: 이전 사이트가 ${seconds(limits.headersTimeoutMs ?? limits.timeoutMs)}초 넘게 답하지 않았습니다.`;
    case "too_large":
      return `${path}: 이전 사이트의 답이 ${formatBytes(limits.maxBytes)}를 넘어 읽기를 멈췄습니다.`;
    case "unreachable":
      if (elsewhere) return `이전 사이트가 ${path} 요청을 넘긴 곳(${where})에 연결하지 못했습니다.`;
      return ["ENOTFOUND", "EAI_AGAIN", "ENODATA"].includes(facts.code ?? "") ? `이전 사이트의 주소(도메인)를 찾을 수 없습니다: ${where}` : `${path}에 연결하지 못했습니다.`;
    case "http_status":
    case "unacceptable": // not asked for: any Content-Type is read, and JSON.parse decides
      return elsewhere || facts.status === undefined ? `이전 사이트가 ${path} 요청을 넘긴 곳(${where})이 오류로 답했습니다.` : `${path}이 ${facts.status} 오류로 답했습니다.`;
  }
}

/** An API path as staff read it: an artist's name in Korean, not percent-encoded. */
function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The host (and port) a URL points at, or a few of its first characters if it is not one. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return shortSource(url);
  }
}

class DataUriError extends Error {
  override name = "DataUriError";
}

/** The bytes of a base64 `data:image/...` URI (the original editor embedded pasted images so). */
function decodeDataUri(uri: string): Uint8Array {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(uri);
  if (!match || !match[2]) throw new DataUriError(`이미지를 가져오지 못했습니다(${shortSource(uri)}): base64로 넣은 이미지가 아닙니다.`);
  const bytes = Buffer.from(match[3]!.replace(/\s+/g, ""), "base64");
  if (bytes.byteLength === 0) throw new DataUriError(`이미지를 가져오지 못했습니다(${shortSource(uri)}): 내용이 비어 있습니다.`);
  return bytes;
}

/** The last part of an image URL's path, as the old site named the file ("" for a `data:` image). */
function fileNameOf(reference: string): string {
  if (reference.startsWith("data:")) return "";
  const last = new URL(reference).pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function shortSource(reference: string): string {
  return reference.startsWith("data:") ? `${reference.slice(0, 30)}…` : reference.length > 80 ? `${reference.slice(0, 60)}…${reference.slice(-15)}` : reference;
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
