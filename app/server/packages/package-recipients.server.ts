import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { castingPackageAnswers, castingPackageArtists, castingPackages, castingPackageVisits } from "../../../drizzle/schema";
import { ANSWER_NOTICE_INTERVAL_MS, isPackageMark, MAX_ANSWER_MESSAGE, MAX_ANSWERS_PER_DAY, PACKAGE_TOKEN_PATTERN, PACKAGE_VISIT_IDLE_MS } from "../../domain/casting-packages";
import type { Locale } from "../../domain/locale";
import { nowOf, type Services } from "../platform/services.server";
import { DAY_MS, hashToken, packageState, type PackageRow } from "./package-link.server";
import { queuePackageNotice } from "./package-mail.server";
import { packageAnswers, packageArtists, type PackageAnswer, type PackageArtistView } from "./package-queries.server";

/**
 * The recipient's side of a casting package (decision 047): the package its token opens, the visits
 * and downloads counted, the answers left on its artists. The token is the only credential here.
 */

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
  const message = input.message.replace(/\r\n?/g, "\n").trim();
  // Refused whole, never cut: the recipient gets the text back with the limit (casting-package.server.ts).
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
