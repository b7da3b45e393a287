import { and, asc, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { castingPackageAnswers, castingPackageArtists, castingPackages } from "../../../drizzle/schema";
import { isPackageMark, type PackageMark } from "../../domain/casting-packages";
import type { Locale } from "../../domain/locale";
import { reelKey } from "../../domain/reels";
import { castingPackagePath, castingPackagePdfPath } from "../../domain/paths";
import { getArtistsByIds, type Artist } from "../artists/artist-queries.server";
import type { Database } from "../platform/db.server";
import { nowOf, type Services } from "../platform/services.server";
import { packageState, packageToken, type PackageState } from "./package-link.server";

/**
 * Reading casting packages (decision 047): the workspace's list, one package with its artists and the
 * recipient's answers, and the overview's recent events. The recipient's pages read through
 * package-recipients.server.ts, which shares the artists and answers read here.
 */

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

/** The package's artists in its order, as they are now. */
export async function packageArtists(db: Database, packageId: number): Promise<PackageArtistView[]> {
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

/** The recipient's answers, oldest first. */
export async function packageAnswers(db: Database, packageId: number): Promise<PackageAnswer[]> {
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
  const token = packageToken(serverSecret, row);
  return { row, state: packageState(row, nowOf(services)), link: token ? castingPackagePath(token) : null, pdfLink: token ? castingPackagePdfPath(token) : null, artists, answers };
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
