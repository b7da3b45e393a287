import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { adminUsers, castingPackageAnswers, castingPackageArtists, castingPackages, castingPackageVisits } from "../../../drizzle/schema";
import type { ArtistListField } from "../../domain/artist-fields";
import {
  ANSWER_NOTICE_INTERVAL_MS,
  CREDIT_FIELDS,
  isPackageMark,
  MAX_ANSWER_MESSAGE,
  MAX_ANSWERS_PER_DAY,
  MAX_PACKAGE_ARTISTS,
  MAX_PACKAGE_MESSAGE,
  MAX_PACKAGE_NOTE,
  MAX_PACKAGE_TITLE,
  PACKAGE_DEFAULT_DAYS,
  PACKAGE_MAX_DAYS,
  PACKAGE_RETENTION_DAYS,
  PACKAGE_TOKEN_PATTERN,
  PACKAGE_VISIT_IDLE_MS,
  type PackageMark,
} from "../../domain/casting-packages";
import { kstDate } from "../../domain/kst";
import { reelKey } from "../../domain/reels";
import type { Locale } from "../../domain/locale";
import { castingPackagePath, castingPackagePdfPath, packageAdminPath } from "../../domain/site-routes";
import { getArtistById, getArtistsByIds, type Artist } from "../artists/artist-queries.server";
import { openSecret, sealSecret } from "../auth/secret-box.server";
import { isMailAddress, queueMail } from "../mail/outbox.server";
import { recordAudit } from "../platform/audit.server";
import type { Database, Tx } from "../platform/db.server";
import { nowOf, systemActor, type Actor, type Services } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";

/**
 * Casting packages (decision 047): the agency's use cases (create, duplicate, revoke, extend, list,
 * read) and the recipient's (open the package with its token, open an artist, answer). The token is
 * the only credential of the recipient's pages: 256 random bits, found by its SHA-256, kept sealed with
 * the server secret so the workspace can show the link again; never logged (the logger replaces it:
 * `credential` in site-routes.ts, decision 053).
 */

const SEAL_PURPOSE = "casting-package-token";
const DAY_MS = 24 * 60 * 60 * 1000;
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type PackageRow = typeof castingPackages.$inferSelect;

export interface PackageArtistChoice {
  artistId: number;
  photoIds: number[];
  credits: { field: string; entry: string }[];
  note: string;
  /** The showreel to show: a reel's key ("youtube:…"), "" for none; absent: the artist's first reel. */
  reel?: string | null;
}

export interface PackageInput {
  title: string;
  recipientCompany: string;
  recipientName: string;
  recipientEmail: string;
  locale: string;
  message: string;
  /** The last day the link works (YYYY-MM-DD, KST); empty: PACKAGE_DEFAULT_DAYS from now. */
  expiresOn: string;
  artists: PackageArtistChoice[];
}

export type PackageRefusal = { ok: false; message: string; errors: Record<string, string> };

/** The instant a package dated to work through `day` (KST) stops working: the next day's 00:00 KST. */
export function expiryOfDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const start = Date.UTC(y, m - 1, d) - KST_OFFSET_MS;
  const instant = new Date(start + DAY_MS);
  return kstDate(new Date(start)) === day.trim() ? instant : null;
}

/** The last day (KST) a package expiring at `expiresAt` works. */
export function lastDayOf(expiresAt: Date): string {
  return kstDate(new Date(expiresAt.getTime() - 1));
}

/** The default last day of a new package: PACKAGE_DEFAULT_DAYS after today (KST). */
export function defaultLastDay(now: Date): string {
  return kstDate(new Date(now.getTime() + PACKAGE_DEFAULT_DAYS * DAY_MS));
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const multiLine = (value: string) => value.replace(/\r\n?/g, "\n").trim();

function checkRecipient(input: Pick<PackageInput, "recipientCompany" | "recipientName" | "recipientEmail">, errors: Record<string, string>) {
  const recipientCompany = oneLine(input.recipientCompany);
  const recipientName = oneLine(input.recipientName);
  const recipientEmail = input.recipientEmail.trim();
  if (!recipientCompany) errors.recipientCompany = "받는 회사를 입력해 주세요.";
  else if (recipientCompany.length > 100) errors.recipientCompany = "받는 회사는 100자까지 쓸 수 있습니다.";
  if (!recipientName) errors.recipientName = "받는 사람을 입력해 주세요.";
  else if (recipientName.length > 60) errors.recipientName = "받는 사람은 60자까지 쓸 수 있습니다.";
  if (recipientEmail && (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(recipientEmail) || recipientEmail.length > 200)) errors.recipientEmail = "이메일 주소 형식이 아닙니다. 예: casting@example.com";
  return { recipientCompany, recipientName, recipientEmail };
}

function checkExpiry(expiresOn: string, now: Date, errors: Record<string, string>): Date {
  const day = expiresOn.trim() || defaultLastDay(now);
  const expiresAt = expiryOfDay(day);
  if (!expiresAt) {
    errors.expiresOn = "만료일을 YYYY-MM-DD 형식으로 입력해 주세요.";
    return new Date(now.getTime() + PACKAGE_DEFAULT_DAYS * DAY_MS);
  }
  if (expiresAt <= now) errors.expiresOn = "만료일은 오늘이나 그 뒤로 정해 주세요.";
  else if (expiresAt.getTime() - now.getTime() > (PACKAGE_MAX_DAYS + 1) * DAY_MS) errors.expiresOn = `만료일은 ${PACKAGE_MAX_DAYS}일 안으로 정해 주세요.`;
  return expiresAt;
}

/** The artists chosen, checked against the artists as they are: photos of their own, credits from their lists. */
async function checkArtists(db: Database | Tx, choices: PackageArtistChoice[], errors: Record<string, string>): Promise<PackageArtistChoice[]> {
  if (choices.length === 0) errors.artists = "배우를 한 명 이상 고르세요.";
  if (choices.length > MAX_PACKAGE_ARTISTS) errors.artists = `배우는 한 패키지에 ${MAX_PACKAGE_ARTISTS}명까지 넣을 수 있습니다.`;
  const checked: PackageArtistChoice[] = [];
  for (const choice of choices.slice(0, MAX_PACKAGE_ARTISTS)) {
    const artist = await getArtistById(db as Database, choice.artistId);
    if (!artist || artist.deletedAt || artist.status === "former") {
      errors.artists = "고른 배우 가운데 지금 넣을 수 없는 배우가 있습니다. 목록을 새로 고쳐 주세요.";
      continue;
    }
    const own = new Set(artist.images.map((image) => image.id));
    const photoIds = [...new Set(choice.photoIds)].filter((id) => own.has(id));
    // No photo picked: the main photo, so every card has one.
    if (photoIds.length === 0 && artist.images[0]) photoIds.push(artist.images[0].id);
    const lists = artist as unknown as Record<ArtistListField, string[]>;
    const credits = choice.credits.filter((c) => (CREDIT_FIELDS as readonly string[]).includes(c.field) && lists[c.field as ArtistListField].includes(c.entry));
    const note = multiLine(choice.note);
    if (note.length > MAX_PACKAGE_NOTE) errors[`note-${artist.id}`] = `${artist.name} 메모는 ${MAX_PACKAGE_NOTE}자까지 쓸 수 있습니다.`;
    // One of the artist's own reels, or none; not chosen (a form without the choice): the first one.
    const keys = artist.reels.map(reelKey);
    const reel = choice.reel === "" ? "" : choice.reel && keys.includes(choice.reel) ? choice.reel : (keys[0] ?? "");
    checked.push({ artistId: artist.id, photoIds, credits, note, reel });
  }
  return checked;
}

function newToken(serverSecret: string): { token: string; tokenHash: string; tokenSealed: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), tokenSealed: sealSecret(serverSecret, SEAL_PURPOSE, token) };
}

async function insertPackage(
  tx: Tx,
  values: Omit<typeof castingPackages.$inferInsert, "tokenHash" | "tokenSealed">,
  artists: PackageArtistChoice[],
  serverSecret: string,
): Promise<{ id: number; token: string }> {
  const { token, tokenHash, tokenSealed } = newToken(serverSecret);
  const [row] = await tx.insert(castingPackages).values({ ...values, tokenHash, tokenSealed }).returning({ id: castingPackages.id });
  if (artists.length > 0) {
    await tx.insert(castingPackageArtists).values(artists.map((a, position) => ({ packageId: row!.id, artistId: a.artistId, position, photoIds: a.photoIds, credits: a.credits, note: a.note, reel: a.reel ?? "" })));
  }
  return { id: row!.id, token };
}

/** A new package from the workspace's form; the link is made here (256 random bits). */
export async function createPackage(
  services: Services,
  serverSecret: string,
  actor: Actor,
  input: PackageInput,
): Promise<{ ok: true; id: number } | PackageRefusal> {
  const now = nowOf(services);
  const errors: Record<string, string> = {};
  const title = oneLine(input.title);
  if (!title) errors.title = "제목을 입력해 주세요.";
  else if (title.length > MAX_PACKAGE_TITLE) errors.title = `제목은 ${MAX_PACKAGE_TITLE}자까지 쓸 수 있습니다.`;
  const recipient = checkRecipient(input, errors);
  const locale: Locale = input.locale === "en" ? "en" : "ko";
  const message = multiLine(input.message);
  if (message.length > MAX_PACKAGE_MESSAGE) errors.message = `인사말은 ${MAX_PACKAGE_MESSAGE}자까지 쓸 수 있습니다.`;
  const expiresAt = checkExpiry(input.expiresOn, now, errors);
  const artists = await checkArtists(services.db, input.artists, errors);
  if (Object.keys(errors).length > 0) return { ok: false, message: "입력한 내용을 확인해 주세요.", errors };
  const created = await services.db.transaction(async (tx) => {
    const made = await insertPackage(
      tx,
      { title, ...recipient, locale, message, expiresAt, createdBy: actor.adminId, createdByLabel: actor.label ?? "", createdAt: now, updatedAt: now },
      artists,
      serverSecret,
    );
    await recordAudit(tx, actor, { action: "create", entity: "casting-package", entityId: made.id, details: { title, artists: artists.length } });
    return made;
  });
  return { ok: true, id: created.id };
}

/** The same package (title, message, artists and their choices) for another recipient, with a link of its own. */
export async function duplicatePackage(
  services: Services,
  serverSecret: string,
  actor: Actor,
  id: number,
  input: Pick<PackageInput, "recipientCompany" | "recipientName" | "recipientEmail" | "expiresOn">,
): Promise<{ ok: true; id: number } | PackageRefusal> {
  const now = nowOf(services);
  const errors: Record<string, string> = {};
  const recipient = checkRecipient(input, errors);
  const expiresAt = checkExpiry(input.expiresOn, now, errors);
  const [source] = await services.db.select().from(castingPackages).where(eq(castingPackages.id, id)).limit(1);
  if (!source) return { ok: false, message: "패키지를 찾지 못했습니다. 목록을 새로 고쳐 주세요.", errors: {} };
  if (Object.keys(errors).length > 0) return { ok: false, message: "입력한 내용을 확인해 주세요.", errors };
  const sourceArtists = await services.db.select().from(castingPackageArtists).where(eq(castingPackageArtists.packageId, id)).orderBy(asc(castingPackageArtists.position));
  // Checked again: an artist may have left the roster or lost a photo since.
  const artists = await checkArtists(services.db, sourceArtists.map((a) => ({ artistId: a.artistId, photoIds: a.photoIds, credits: a.credits, note: a.note, reel: a.reel })), {});
  const created = await services.db.transaction(async (tx) => {
    const made = await insertPackage(
      tx,
      { title: source.title, ...recipient, locale: source.locale, message: source.message, expiresAt, copiedFrom: source.id, createdBy: actor.adminId, createdByLabel: actor.label ?? "", createdAt: now, updatedAt: now },
      artists,
      serverSecret,
    );
    await recordAudit(tx, actor, { action: "duplicate", entity: "casting-package", entityId: made.id, details: { title: source.title, from: source.id } });
    return made;
  });
  return { ok: true, id: created.id };
}

/** Closes the link at once: the recipient's pages answer 410 from the next request. */
export async function revokePackage(services: Services, actor: Actor, id: number): Promise<{ ok: true } | PackageRefusal> {
  const now = nowOf(services);
  return services.db.transaction(async (tx) => {
    const [row] = await tx.update(castingPackages).set({ revokedAt: now, updatedAt: now }).where(and(eq(castingPackages.id, id), isNull(castingPackages.revokedAt))).returning({ title: castingPackages.title });
    if (!row) return { ok: false as const, message: "이미 닫았거나 없는 패키지입니다. 목록을 새로 고쳐 주세요.", errors: {} };
    await recordAudit(tx, actor, { action: "revoke", entity: "casting-package", entityId: id, details: { title: row.title } });
    return { ok: true as const };
  });
}

/** A new last day for the link (also after it expired); a revoked link stays closed. */
export async function extendPackage(services: Services, actor: Actor, id: number, expiresOn: string): Promise<{ ok: true } | PackageRefusal> {
  const now = nowOf(services);
  const errors: Record<string, string> = {};
  const expiresAt = checkExpiry(expiresOn, now, errors);
  if (Object.keys(errors).length > 0) return { ok: false, message: "입력한 내용을 확인해 주세요.", errors };
  return services.db.transaction(async (tx) => {
    const [row] = await tx.update(castingPackages).set({ expiresAt, updatedAt: now }).where(and(eq(castingPackages.id, id), isNull(castingPackages.revokedAt))).returning({ title: castingPackages.title });
    if (!row) return { ok: false as const, message: "닫은 패키지는 연장할 수 없습니다. 복제해서 새 링크를 만드세요.", errors: {} };
    await recordAudit(tx, actor, { action: "extend", entity: "casting-package", entityId: id, details: { title: row.title, until: lastDayOf(expiresAt) } });
    return { ok: true as const };
  });
}

/**
 * E-mails the link to the recipient through the outbox, in the package's language: the title, the
 * agency's message, the link and its last day, the agency's contact. Only while the link is open, and
 * only to the address the package was made with.
 */
export async function sendPackageLink(services: Services, serverSecret: string, actor: Actor, id: number): Promise<{ ok: true; to: string } | PackageRefusal> {
  const mail = services.mail;
  if (!mail) return { ok: false, message: "이 서버에는 메일 보내기가 설정되어 있지 않습니다. 링크를 복사해 직접 전해 주세요.", errors: {} };
  const now = nowOf(services);
  return services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(castingPackages).where(eq(castingPackages.id, id)).for("update").limit(1);
    if (!row) return { ok: false as const, message: "패키지를 찾지 못했습니다. 목록을 새로 고쳐 주세요.", errors: {} };
    if (packageState(row, now) !== "open") return { ok: false as const, message: "닫혔거나 기간이 끝난 링크는 보낼 수 없습니다.", errors: {} };
    if (!row.recipientEmail) return { ok: false as const, message: "받는 사람 이메일이 없습니다. 복제하면서 이메일을 적어 새 링크를 만드세요.", errors: {} };
    const token = openSecret(serverSecret, SEAL_PURPOSE, row.tokenSealed);
    if (!token) return { ok: false as const, message: "링크를 다시 만들 수 없습니다. 패키지를 복제해 새 링크를 만드세요.", errors: {} };
    const settings = await getSiteSettings(tx);
    const locale: Locale = row.locale === "en" ? "en" : "ko";
    const link = `${mail.publicOrigin}${castingPackagePath(token)}`;
    const lastDay = lastDayOf(row.expiresAt);
    const brand = settings.companyNameEn.replace(/\s+/g, " ").trim();
    const text =
      locale === "en"
        ? [
            `Dear ${row.recipientName},`,
            "",
            ...(row.message ? [row.message, ""] : []),
            `${settings.companyNameEn} has put together a casting proposal for you: ${row.title}`,
            "",
            link,
            "",
            `The link is open until ${lastDay} (Korea time). You can mark the artists you are interested in and send us a message on the page; no account is needed.`,
            "",
            settings.companyNameEn,
            `Phone ${settings.phone} · Email ${settings.email}`,
            "",
          ]
        : [
            `${row.recipientCompany} ${row.recipientName}님, 안녕하세요.`,
            "",
            ...(row.message ? [row.message, ""] : []),
            `${settings.companyName}에서 캐스팅 제안을 보내 드립니다: ${row.title}`,
            "",
            link,
            "",
            `링크는 ${lastDay}까지 열 수 있습니다. 페이지에서 배우마다 관심 있음이나 보류를 표시하고 메시지를 남기실 수 있으며, 따로 가입하실 필요는 없습니다.`,
            "",
            settings.companyName,
            `전화 ${settings.phone} · 이메일 ${settings.email}`,
            "",
          ];
    await queueMail(tx, { to: row.recipientEmail, subject: `[${brand}] ${row.title}`, text: text.join("\n") });
    await tx.update(castingPackages).set({ linkSentAt: now }).where(eq(castingPackages.id, id));
    await recordAudit(tx, actor, { action: "send-link", entity: "casting-package", entityId: id, details: { title: row.title } });
    return { ok: true as const, to: row.recipientEmail };
  });
}

/**
 * Deletes a package for good, with everything recorded about its recipient (visits, answers); the
 * link then answers 404. The activity log keeps the title only.
 */
export async function deletePackage(services: Services, actor: Actor, id: number): Promise<{ ok: true } | PackageRefusal> {
  return services.db.transaction(async (tx) => {
    const [row] = await tx.delete(castingPackages).where(eq(castingPackages.id, id)).returning({ title: castingPackages.title });
    if (!row) return { ok: false as const, message: "이미 지웠거나 없는 패키지입니다. 목록을 새로 고쳐 주세요.", errors: {} };
    await recordAudit(tx, actor, { action: "purge", entity: "casting-package", entityId: id, details: { title: row.title } });
    return { ok: true as const };
  });
}

/** When a package and its recipient's records are deleted: PACKAGE_RETENTION_DAYS after its link closed. */
export function packageDeletionDate(row: Pick<PackageRow, "revokedAt" | "expiresAt">): Date {
  const closed = row.revokedAt && row.revokedAt < row.expiresAt ? row.revokedAt : row.expiresAt;
  return new Date(closed.getTime() + PACKAGE_RETENTION_DAYS * DAY_MS);
}

/**
 * The retention rule (decision 049): a package whose link closed (expired or revoked) more than
 * PACKAGE_RETENTION_DAYS ago is deleted with its recipient's records. Run by the scheduler; a delete by
 * cutoff, harmless when two servers run it.
 */
export async function purgeClosedPackages(services: Services, now: Date): Promise<number[]> {
  const cutoff = new Date(now.getTime() - PACKAGE_RETENTION_DAYS * DAY_MS);
  const rows = await services.db
    .delete(castingPackages)
    .where(or(lte(castingPackages.expiresAt, cutoff), lte(castingPackages.revokedAt, cutoff)))
    .returning({ id: castingPackages.id, title: castingPackages.title });
  if (rows.length > 0) {
    const actor = systemActor("캐스팅 패키지 보유 기간 만료");
    for (const row of rows) await recordAudit(services.db, actor, { action: "retention-delete", entity: "casting-package", entityId: row.id, details: { title: row.title } });
  }
  return rows.map((r) => r.id);
}

export type PackageState = "open" | "expired" | "revoked";

export function packageState(row: Pick<PackageRow, "revokedAt" | "expiresAt">, now: Date): PackageState {
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "open";
}

export interface PackageSummary {
  id: number;
  title: string;
  recipientCompany: string;
  recipientName: string;
  locale: Locale;
  state: PackageState;
  createdAt: Date;
  createdByLabel: string;
  expiresAt: Date;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  visitCount: number;
  artistCount: number;
  /** Artists whose profile the recipient opened. */
  openedArtistCount: number;
  answerCount: number;
  pdfDownloads: number;
}

/** The workspace's list, newest first. */
export async function listPackages(services: Services): Promise<PackageSummary[]> {
  const now = nowOf(services);
  const rows = await services.db
    .select({
      row: castingPackages,
      artistCount: sql<number>`(select count(*)::int from ${castingPackageArtists} where ${castingPackageArtists.packageId} = ${castingPackages.id})`,
      openedArtistCount: sql<number>`(select count(*)::int from ${castingPackageArtists} where ${castingPackageArtists.packageId} = ${castingPackages.id} and ${castingPackageArtists.firstOpenedAt} is not null)`,
      answerCount: sql<number>`(select count(*)::int from ${castingPackageAnswers} where ${castingPackageAnswers.packageId} = ${castingPackages.id})`,
    })
    .from(castingPackages)
    .orderBy(desc(castingPackages.createdAt), desc(castingPackages.id));
  return rows.map(({ row, artistCount, openedArtistCount, answerCount }) => ({
    id: row.id,
    title: row.title,
    recipientCompany: row.recipientCompany,
    recipientName: row.recipientName,
    locale: row.locale === "en" ? "en" : "ko",
    state: packageState(row, now),
    createdAt: row.createdAt,
    createdByLabel: row.createdByLabel,
    expiresAt: row.expiresAt,
    firstOpenedAt: row.firstOpenedAt,
    lastOpenedAt: row.lastOpenedAt,
    visitCount: row.visitCount,
    artistCount,
    openedArtistCount,
    answerCount,
    pdfDownloads: row.pdfDownloads,
  }));
}

export interface PackageArtistView {
  artist: Artist;
  photoIds: number[];
  credits: { field: string; entry: string }[];
  note: string;
  /** The artist's reels the package shows (the one chosen, none, or all for a package made before the choice). */
  reels: Artist["reels"];
  firstOpenedAt: Date | null;
  openCount: number;
  pdfDownloads: number;
}

export interface PackageAnswer {
  id: number;
  artistId: number;
  mark: PackageMark | null;
  message: string;
  createdAt: Date;
}

async function packageArtists(db: Database, packageId: number): Promise<PackageArtistView[]> {
  const rows = await db.select().from(castingPackageArtists).where(eq(castingPackageArtists.packageId, packageId)).orderBy(asc(castingPackageArtists.position));
  const byId = await getArtistsByIds(db, rows.map((row) => row.artistId));
  const views: PackageArtistView[] = [];
  for (const row of rows) {
    const artist = byId.get(row.artistId);
    // An artist deleted for good takes their rows along (cascade); one in the trash, or who has left the
    // agency since (전속 종료), is left out.
    if (!artist || artist.deletedAt || artist.status === "former") continue;
    const reels = row.reel === null ? artist.reels : artist.reels.filter((reel) => reelKey(reel) === row.reel);
    views.push({ artist, photoIds: row.photoIds, credits: row.credits, note: row.note, reels, firstOpenedAt: row.firstOpenedAt, openCount: row.openCount, pdfDownloads: row.pdfDownloads });
  }
  return views;
}

async function packageAnswers(db: Database, packageId: number): Promise<PackageAnswer[]> {
  const rows = await db.select().from(castingPackageAnswers).where(eq(castingPackageAnswers.packageId, packageId)).orderBy(asc(castingPackageAnswers.createdAt), asc(castingPackageAnswers.id));
  return rows.map((r) => ({ id: r.id, artistId: r.artistId, mark: isPackageMark(r.mark) ? r.mark : null, message: r.message, createdAt: r.createdAt }));
}

/** The latest mark per artist. */
export function currentMarks(answers: PackageAnswer[]): Map<number, PackageMark> {
  const marks = new Map<number, PackageMark>();
  for (const answer of answers) if (answer.mark) marks.set(answer.artistId, answer.mark);
  return marks;
}

/** One package for the workspace: everything, the link included. */
export async function readPackageForStaff(services: Services, serverSecret: string, id: number) {
  const [row] = await services.db.select().from(castingPackages).where(eq(castingPackages.id, id)).limit(1);
  if (!row) return null;
  const [artists, answers] = await Promise.all([packageArtists(services.db, id), packageAnswers(services.db, id)]);
  const token = openSecret(serverSecret, SEAL_PURPOSE, row.tokenSealed);
  return { row, state: packageState(row, nowOf(services)), link: token ? castingPackagePath(token) : null, pdfLink: token ? castingPackagePdfPath(token) : null, artists, answers };
}

// ---- The recipient's side ----

export type RecipientPackage =
  | { state: "unknown" }
  | { state: "gone"; locale: Locale }
  | { state: "open"; row: PackageRow; artists: PackageArtistView[]; answers: PackageAnswer[] };

/**
 * The package a token opens, as its recipient sees it: unknown (a malformed, guessed or altered token:
 * nothing at all), gone (expired or revoked: only its language, for the kind page) or open.
 */
export async function openPackage(services: Services, token: string): Promise<RecipientPackage> {
  if (!PACKAGE_TOKEN_PATTERN.test(token)) return { state: "unknown" };
  const [row] = await services.db.select().from(castingPackages).where(eq(castingPackages.tokenHash, hashToken(token))).limit(1);
  if (!row) return { state: "unknown" };
  const locale: Locale = row.locale === "en" ? "en" : "ko";
  if (packageState(row, nowOf(services)) !== "open") return { state: "gone", locale };
  const [artists, answers] = await Promise.all([packageArtists(services.db, row.id), packageAnswers(services.db, row.id)]);
  return { state: "open", row, artists, answers };
}

const VISIT_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Counts a visit once: a request carrying the id of a visit of this package seen within the idle
 * timeout continues it; anything else starts a new one (returned, for the visit cookie). The first
 * visit ever queues the agency's notice. `artistId`: the recipient opened that artist's profile.
 */
export async function recordVisit(services: Services, packageId: number, visitId: string | null, artistId: number | null): Promise<{ newVisitId: string | null }> {
  const now = nowOf(services);
  return services.db.transaction(async (tx) => {
    let continuing = false;
    if (visitId && VISIT_ID_PATTERN.test(visitId)) {
      const [visit] = await tx
        .update(castingPackageVisits)
        .set({ lastSeenAt: now })
        .where(and(eq(castingPackageVisits.idHash, hashToken(visitId)), eq(castingPackageVisits.packageId, packageId), gt(castingPackageVisits.lastSeenAt, new Date(now.getTime() - PACKAGE_VISIT_IDLE_MS))))
        .returning({ idHash: castingPackageVisits.idHash });
      continuing = Boolean(visit);
    }
    let newVisitId: string | null = null;
    if (!continuing) {
      // Ended visits are no use any more: the table holds only the package's open ones.
      await tx.delete(castingPackageVisits).where(and(eq(castingPackageVisits.packageId, packageId), lt(castingPackageVisits.lastSeenAt, new Date(now.getTime() - PACKAGE_VISIT_IDLE_MS))));
      newVisitId = randomBytes(32).toString("base64url");
      await tx.insert(castingPackageVisits).values({ idHash: hashToken(newVisitId), packageId, startedAt: now, lastSeenAt: now });
    }
    const [before] = await tx.select({ firstOpenedAt: castingPackages.firstOpenedAt }).from(castingPackages).where(eq(castingPackages.id, packageId)).for("update");
    await tx
      .update(castingPackages)
      .set({
        lastOpenedAt: now,
        firstOpenedAt: sql`coalesce(${castingPackages.firstOpenedAt}, ${now.toISOString()}::timestamptz)`,
        ...(continuing ? {} : { visitCount: sql`${castingPackages.visitCount} + 1` }),
      })
      .where(eq(castingPackages.id, packageId));
    if (artistId !== null) {
      await tx
        .update(castingPackageArtists)
        .set({ openCount: sql`${castingPackageArtists.openCount} + 1`, firstOpenedAt: sql`coalesce(${castingPackageArtists.firstOpenedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(castingPackageArtists.packageId, packageId), eq(castingPackageArtists.artistId, artistId)));
    }
    if (before && before.firstOpenedAt === null) await queuePackageNotice(tx, services, packageId, "opened");
    return { newVisitId };
  });
}

/**
 * The recipient downloaded the package's PDF (`artistId` null) or one artist's profile PDF from it:
 * counted, with the time of the package's last download, beside the visit the download belongs to.
 */
export async function recordPdfDownload(services: Services, packageId: number, artistId: number | null): Promise<void> {
  const now = nowOf(services);
  if (artistId === null) {
    await services.db.update(castingPackages).set({ pdfDownloads: sql`${castingPackages.pdfDownloads} + 1`, lastPdfAt: now }).where(eq(castingPackages.id, packageId));
    return;
  }
  await services.db.transaction(async (tx) => {
    await tx
      .update(castingPackageArtists)
      .set({ pdfDownloads: sql`${castingPackageArtists.pdfDownloads} + 1` })
      .where(and(eq(castingPackageArtists.packageId, packageId), eq(castingPackageArtists.artistId, artistId)));
    await tx.update(castingPackages).set({ lastPdfAt: now }).where(eq(castingPackages.id, packageId));
  });
}

/** The recipient's mark and message on one artist of the package. */
export async function answerPackage(
  services: Services,
  packageId: number,
  artistId: number,
  input: { mark: string; message: string },
): Promise<{ ok: true } | { ok: false; messageLength?: number }> {
  const now = nowOf(services);
  const mark = isPackageMark(input.mark) ? input.mark : null;
  const message = multiLine(input.message);
  // Refused whole, never cut: the recipient gets the text back with the limit (recipient-pages.server.ts).
  if (message.length > MAX_ANSWER_MESSAGE) return { ok: false, messageLength: message.length };
  if (!mark && !message) return { ok: false };
  if (input.mark && !mark) return { ok: false };
  return services.db.transaction(async (tx) => {
    const [member] = await tx.select({ artistId: castingPackageArtists.artistId }).from(castingPackageArtists).where(and(eq(castingPackageArtists.packageId, packageId), eq(castingPackageArtists.artistId, artistId))).limit(1);
    if (!member) return { ok: false as const };
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(castingPackageAnswers)
      .where(and(eq(castingPackageAnswers.packageId, packageId), gt(castingPackageAnswers.createdAt, new Date(now.getTime() - DAY_MS))));
    if ((recent?.n ?? 0) >= MAX_ANSWERS_PER_DAY) return { ok: false as const };
    await tx.insert(castingPackageAnswers).values({ packageId, artistId, mark, message, createdAt: now });
    // A burst of answers makes one e-mail: the next one after ANSWER_NOTICE_INTERVAL_MS.
    const [claimed] = await tx
      .update(castingPackages)
      .set({ answerNoticeAt: now })
      .where(and(eq(castingPackages.id, packageId), sql`(${castingPackages.answerNoticeAt} is null or ${castingPackages.answerNoticeAt} <= ${new Date(now.getTime() - ANSWER_NOTICE_INTERVAL_MS).toISOString()}::timestamptz)`))
      .returning({ id: castingPackages.id });
    if (claimed) await queuePackageNotice(tx, services, packageId, "answered");
    return { ok: true as const };
  });
}

/**
 * The agency's e-mail about a package (first opened, answered), to whoever made it or else the site's
 * address: the package's title, the recipient's company and a link to the workspace, nothing the
 * recipient wrote. In the caller's transaction, in a savepoint: a failure is logged, never spoils it.
 */
async function queuePackageNotice(tx: Tx, services: Services, packageId: number, what: "opened" | "answered"): Promise<void> {
  const mail = services.mail;
  if (!mail) return;
  try {
    await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .select({ title: castingPackages.title, company: castingPackages.recipientCompany, name: castingPackages.recipientName, creatorEmail: adminUsers.email })
        .from(castingPackages)
        .leftJoin(adminUsers, eq(adminUsers.id, castingPackages.createdBy))
        .where(eq(castingPackages.id, packageId))
        .limit(1);
      if (!row) return;
      const settings = await getSiteSettings(savepoint);
      const to = row.creatorEmail && isMailAddress(row.creatorEmail) ? row.creatorEmail : settings.email;
      const brand = settings.companyNameEn.replace(/\s+/g, " ").trim();
      const who = `${row.company} ${row.name}님`;
      const link = `${mail.publicOrigin}${packageAdminPath(packageId)}`;
      const headline = what === "opened" ? `${who}이 캐스팅 패키지를 처음 열었습니다.` : `${who}이 캐스팅 패키지에 답변을 남겼습니다.`;
      await queueMail(savepoint, {
        to,
        subject: `[${brand}] ${what === "opened" ? "캐스팅 패키지 열람" : "캐스팅 패키지 답변"}: ${row.title}`,
        text: [headline, "", `패키지: ${row.title}`, `보기: ${link}`, "", "이 메일은 웹사이트에서 자동으로 보냈습니다. 회신하지 마세요.", ""].join("\n"),
      });
    });
  } catch (error) {
    services.logger.error({ err: error, packageId }, "casting package notice not queued");
  }
}

/** What the workspace's overview shows: packages first opened and answered lately. */
export async function recentPackageEvents(db: Database, since: Date, limit = 8) {
  const [opened, answered] = await Promise.all([
    db
      .select({ id: castingPackages.id, title: castingPackages.title, company: castingPackages.recipientCompany, at: castingPackages.firstOpenedAt })
      .from(castingPackages)
      .where(and(isNotNull(castingPackages.firstOpenedAt), gt(castingPackages.firstOpenedAt, since)))
      .orderBy(desc(castingPackages.firstOpenedAt))
      .limit(limit),
    db
      .select({ id: castingPackages.id, title: castingPackages.title, company: castingPackages.recipientCompany, at: sql<Date>`max(${castingPackageAnswers.createdAt})`, n: sql<number>`count(*)::int` })
      .from(castingPackageAnswers)
      .innerJoin(castingPackages, eq(castingPackages.id, castingPackageAnswers.packageId))
      .where(gt(castingPackageAnswers.createdAt, since))
      .groupBy(castingPackages.id, castingPackages.title, castingPackages.recipientCompany)
      .limit(limit),
  ]);
  const events = [
    ...opened.map((e) => ({ kind: "opened" as const, id: e.id, title: e.title, company: e.company, at: e.at!, count: 0 })),
    ...answered.map((e) => ({ kind: "answered" as const, id: e.id, title: e.title, company: e.company, at: new Date(e.at), count: e.n })),
  ];
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}
