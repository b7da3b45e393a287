import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { auditionApplications, auditionFiles, auditionStatusChanges } from "../../../drizzle/schema";
import { AUDITION_PAGE_SIZE } from "../../domain/audition-review";
import { DUPLICATE_WINDOW_DAYS, type AuditionStatus } from "../../domain/auditions";
import { pageWindow } from "../../lib/pagination";
import type { Database } from "../platform/db.server";
import { containsText } from "../platform/search-pattern.server";

/**
 * What the workspace reads about audition applications. Only the signed-in administrator's pages and
 * routes call these: nothing here is ever public or cached.
 */

export type AuditionApplication = typeof auditionApplications.$inferSelect;
export type AuditionFile = typeof auditionFiles.$inferSelect;
export type AuditionStatusChange = typeof auditionStatusChanges.$inferSelect;

export interface AuditionListFilter {
  status: AuditionStatus | null;
  /** Part of a name, receipt number, phone number (with or without hyphens) or e-mail address. */
  query: string;
  page: number;
}

/**
 * Duplicates are worked out when read, not stored (decision 033): an application is one when another
 * from the same phone or e-mail was received within DUPLICATE_WINDOW_DAYS of it, before or after, so
 * the first of two is flagged as well as the second, and deleting one unflags the other at once with
 * nothing to keep up to date. Both lookups use the (phone, received_at) and (email, received_at) indexes.
 */
const DUPLICATE_WINDOW = sql`${DUPLICATE_WINDOW_DAYS} * interval '24 hours'`;
// Spelled out with table names: in a select list Drizzle writes a column without its table, which in
// a correlated subquery would name the inner row's column instead of the outer one.
const outer = (column: AnyPgColumn) => sql`${auditionApplications}.${sql.identifier(column.name)}`;
const inner = (column: AnyPgColumn) => sql`"other".${sql.identifier(column.name)}`;
const { id, phone, email, receivedAt } = auditionApplications;
const hasDuplicate = sql<boolean>`exists (select 1 from ${auditionApplications} as "other" where ${inner(id)} <> ${outer(id)} and (${inner(phone)} = ${outer(phone)} or ${inner(email)} = ${outer(email)}) and ${inner(receivedAt)} > ${outer(receivedAt)} - ${DUPLICATE_WINDOW} and ${inner(receivedAt)} < ${outer(receivedAt)} + ${DUPLICATE_WINDOW})`.mapWith(Boolean);

const listColumns = {
  id: auditionApplications.id,
  receiptNumber: auditionApplications.receiptNumber,
  locale: auditionApplications.locale,
  name: auditionApplications.name,
  birthDate: auditionApplications.birthDate,
  status: auditionApplications.status,
  receivedAt: auditionApplications.receivedAt,
};

export type AuditionListItem = { [K in keyof typeof listColumns]: AuditionApplication[K] } & {
  /** Another application from the same phone or e-mail within DUPLICATE_WINDOW_DAYS. */
  duplicate: boolean;
};

function searchCondition(query: string): SQL | undefined {
  if (!query) return undefined;
  const conditions: SQL[] = [
    containsText(auditionApplications.name, query),
    containsText(auditionApplications.receiptNumber, query),
    containsText(auditionApplications.email, query),
    containsText(auditionApplications.phone, query),
  ];
  // "01012345678" or "1234 5678" finds "010-1234-5678": phones are stored with hyphens.
  const digits = query.replace(/[\s-]/g, "");
  if (/^\d{3,}$/.test(digits)) conditions.push(sql`replace(${auditionApplications.phone}, '-', '') like ${`%${digits}%`}`);
  return or(...conditions);
}

/** The workspace list: newest first, filtered by status and a search, one page of AUDITION_PAGE_SIZE. */
export async function listApplicationsForWorkspace(db: Database, filter: AuditionListFilter): Promise<{ items: AuditionListItem[]; total: number; page: number; pageCount: number }> {
  const where = and(filter.status ? eq(auditionApplications.status, filter.status) : undefined, searchCondition(filter.query));
  const [totals] = await db.select({ total: count() }).from(auditionApplications).where(where);
  const total = totals?.total ?? 0;
  const { page, pageCount, limit, offset } = pageWindow(total, filter.page, AUDITION_PAGE_SIZE);
  const items = await db
    .select({ ...listColumns, duplicate: hasDuplicate })
    .from(auditionApplications)
    .where(where)
    .orderBy(desc(auditionApplications.receivedAt), desc(auditionApplications.id))
    .limit(limit)
    .offset(offset);
  return { items, total, page, pageCount };
}

/** Applications waiting for a first look (status 접수), for the workspace overview. */
export async function countNewApplications(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditionApplications).where(eq(auditionApplications.status, "received"));
  return row?.n ?? 0;
}

/** Another application from the same phone or e-mail as the one shown. */
export interface RelatedApplication {
  id: number;
  receiptNumber: string;
  /** Two people can share a phone (siblings applying with a parent's number): the name tells them apart. */
  name: string;
  status: AuditionStatus;
  receivedAt: Date;
  samePhone: boolean;
  sameEmail: boolean;
  /** Received within DUPLICATE_WINDOW_DAYS of the one shown (before or after): the two are duplicates. */
  withinWindow: boolean;
}

export interface AuditionApplicationDetail {
  application: AuditionApplication;
  /** Photos first (in their order), then the video file, if any. */
  files: AuditionFile[];
  /** Oldest first. */
  history: AuditionStatusChange[];
  /** Every other stored application from the same phone or e-mail, newest first. */
  related: RelatedApplication[];
}

/** One application with its files, status history and the other applications from its phone or e-mail, or null. */
export async function getApplicationForAdmin(db: Database, id: number): Promise<AuditionApplicationDetail | null> {
  const [application] = await db.select().from(auditionApplications).where(eq(auditionApplications.id, id));
  if (!application) return null;
  const [files, history, related] = await Promise.all([
    applicationFiles(db, id),
    db.select().from(auditionStatusChanges).where(eq(auditionStatusChanges.applicationId, id)).orderBy(asc(auditionStatusChanges.id)),
    relatedApplications(db, application),
  ]);
  return { application, files, history, related };
}

/** The other applications with the same phone or e-mail as `application`, newest first. */
async function relatedApplications(db: Database, application: Pick<AuditionApplication, "id" | "phone" | "email" | "receivedAt">): Promise<RelatedApplication[]> {
  const windowMs = DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  const rows = await db
    .select({
      id: auditionApplications.id,
      receiptNumber: auditionApplications.receiptNumber,
      name: auditionApplications.name,
      status: auditionApplications.status,
      receivedAt: auditionApplications.receivedAt,
      phone: auditionApplications.phone,
      email: auditionApplications.email,
    })
    .from(auditionApplications)
    .where(and(ne(auditionApplications.id, application.id), or(eq(auditionApplications.phone, application.phone), eq(auditionApplications.email, application.email))))
    .orderBy(desc(auditionApplications.receivedAt), desc(auditionApplications.id))
    .limit(50);
  return rows.map(({ phone, email, ...row }) => ({
    ...row,
    samePhone: phone === application.phone,
    sameEmail: email === application.email,
    withinWindow: Math.abs(row.receivedAt.getTime() - application.receivedAt.getTime()) < windowMs,
  }));
}

/** An application's files: photos in their order, then the video. */
export function applicationFiles(db: Database, applicationId: number): Promise<AuditionFile[]> {
  return db
    .select()
    .from(auditionFiles)
    .where(eq(auditionFiles.applicationId, applicationId))
    .orderBy(sql`case when ${auditionFiles.kind} = 'photo' then 0 else 1 end`, asc(auditionFiles.position), asc(auditionFiles.createdAt));
}

/** The given applications (those that still exist) with their file counts, newest first: what the CSV export writes. */
export async function applicationsForExport(db: Database, ids: number[]): Promise<(AuditionApplication & { photos: number; videoFiles: number })[]> {
  if (ids.length === 0) return [];
  const [rows, fileCounts] = await Promise.all([
    db.select().from(auditionApplications).where(inArray(auditionApplications.id, ids)).orderBy(desc(auditionApplications.receivedAt), desc(auditionApplications.id)),
    db
      .select({ applicationId: auditionFiles.applicationId, kind: auditionFiles.kind, n: count() })
      .from(auditionFiles)
      .where(inArray(auditionFiles.applicationId, ids))
      .groupBy(auditionFiles.applicationId, auditionFiles.kind),
  ]);
  const countOf = (id: number, kind: "photo" | "video") => fileCounts.find((c) => c.applicationId === id && c.kind === kind)?.n ?? 0;
  return rows.map((row) => ({ ...row, photos: countOf(row.id, "photo"), videoFiles: countOf(row.id, "video") }));
}
