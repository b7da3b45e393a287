import { randomBytes } from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { auditionApplications, auditionFiles, auditionReceiptCounters, auditionStatusChanges } from "../../../drizzle/schema";
import {
  auditionConsent,
  AUDITION_TEXT_FIELDS,
  auditionFieldsSchemaFor,
  ageOn,
  DUPLICATE_WINDOW_DAYS,
  formatReceiptNumber,
  GUARDIAN_AGE,
  MAX_AUDITION_PHOTO_BYTES,
  MAX_AUDITION_PHOTOS,
  MIN_AUDITION_PHOTOS,
  normalizeApplicantPhone,
  type AuditionFormValues,
} from "../../domain/auditions";
import { auditionMessages } from "../../domain/audition-messages";
import { kstDate } from "../../domain/kst";
import type { Locale } from "../../domain/locale";
import { fieldErrors } from "../../domain/schemas";
import type { z } from "../../domain/zod";
import { ImageRejectedError, reencodePrivatePhoto } from "../media/media.server";
import type { Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { queueApplicationNotice, queueDuplicateApplicationMail } from "../mail/notices.server";
import { getSiteSettings } from "../site/settings.server";
import type { ApplicationUpload } from "./application-upload.server";
import { privateFileKey } from "./application-upload.server";
import { VIDEO_CONTENT_TYPES } from "./video-container.server";

/**
 * Takes an online audition application: validates every field and file with messages in the form's
 * language (Korean, or English on /en/audition/apply: decision 065), asks a legal guardian's consent for applicants under 14, re-encodes the photos, and stores
 * the application, its files and its first status in one transaction with a receipt number that is
 * never reused. Nothing here is public or cached; see decision 016.
 *
 * A second application from the same phone or e-mail within DUPLICATE_WINDOW_DAYS is received like
 * any other (decision 033): refusing it told anyone with a victim's phone number or e-mail whether,
 * and when, that person had applied. The agency sees duplicates flagged in the workspace (computed
 * when read), and the applicant's own mailbox is told, when mail is set up, that an earlier application
 * from that address was already received. Nothing the submitter gets back depends on it.
 */

export type SubmitResult =
  | { status: "received"; applicationId: number; receiptNumber: string; receivedAt: Date }
  | { status: "invalid"; errors: Record<string, string>; values: AuditionFormValues };

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Serializes the look for earlier applications and the insert between concurrent submissions (all app
 * servers), so of two applications sent at once from one address the second always sees the first.
 */
const APPLICATION_LOCK_KEY = 4_185_730_312;

/** What the form gives back after a failure: the text fields as typed (never the files). */
export function typedValues(fields: Record<string, string>): AuditionFormValues {
  const values: AuditionFormValues = {};
  for (const name of AUDITION_TEXT_FIELDS) if (typeof fields[name] === "string") values[name] = fields[name]!.slice(0, 5000);
  return values;
}

/**
 * Field errors that depend on the date and on each other (birth date range, the guardian of an
 * applicant under 14, a video file or link), read from the raw fields so they show together with
 * the other fields' messages.
 */
function crossChecks(fields: Record<string, string>, upload: ApplicationUpload, today: string, errors: Record<string, string>, locale: Locale) {
  const t = auditionMessages(locale);
  const birthDate = (fields.birthDate ?? "").trim();
  if (!errors.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate)) {
    if (birthDate > today) errors.birthDate = t.birthFuture;
    else if (ageOn(birthDate, today) > 100) errors.birthDate = t.birthCheck;
    else if (ageOn(birthDate, today) < GUARDIAN_AGE) {
      if (!(fields.guardianName ?? "").trim()) errors.guardianName = t.guardianNameMissing(GUARDIAN_AGE);
      if (!normalizeApplicantPhone(fields.guardianPhone ?? "", locale)) errors.guardianPhone = t.guardianPhoneMissing;
      if (fields.guardianConsent !== "on") errors.guardianConsent = t.guardianConsentMissing(GUARDIAN_AGE);
    }
  }
  if (!(fields.videoUrl ?? "").trim() && !upload.video && !upload.videoProblem) errors.videoFile = t.videoMissing;
}

/** Whether an application with this e-mail address was received within the duplicate window before `now`. */
async function hasRecentApplicationFrom(tx: Tx, email: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * DAY_MS);
  const [row] = await tx
    .select({ id: auditionApplications.id })
    .from(auditionApplications)
    .where(and(eq(auditionApplications.email, email), gt(auditionApplications.receivedAt, since), lte(auditionApplications.receivedAt, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Every field's and file's message (none when the form is filled in right), without storing anything:
 * the use case runs it first, and the submission's checks ask it whether a form sent too soon was
 * filled in at all (an empty one gets these messages, never "too fast").
 */
export function checkApplication(upload: ApplicationUpload, now: Date, locale: Locale = "ko") {
  const t = auditionMessages(locale);
  const parsed = auditionFieldsSchemaFor(locale).safeParse(upload.fields);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  crossChecks(upload.fields, upload, kstDate(now), errors, locale);
  if (upload.photoProblems.length > 0) errors.photos = upload.photoProblems.join(" ");
  else if (upload.photos.length < MIN_AUDITION_PHOTOS) errors.photos = t.photosTooFew(MIN_AUDITION_PHOTOS);
  else if (upload.photos.length > MAX_AUDITION_PHOTOS) errors.photos = t.photosTooMany(MAX_AUDITION_PHOTOS);
  if (upload.videoProblem) errors.videoFile = upload.videoProblem;
  return { parsed, errors };
}

type StoredPhoto = { id: string; key: string; thumbKey: string; width: number; height: number; bytes: number };

/** The new application's row. */
function applicationRow(
  input: z.output<ReturnType<typeof auditionFieldsSchemaFor>>,
  { receiptNumber, underAge, retentionDays, now, locale }: { receiptNumber: string; underAge: boolean; retentionDays: number; now: Date; locale: Locale },
): typeof auditionApplications.$inferInsert {
  return {
    receiptNumber,
    locale,
    name: input.name,
    birthDate: input.birthDate,
    gender: input.gender,
    phone: input.phone,
    email: input.email,
    heightCm: input.height,
    weightKg: input.weight,
    career: input.career.replace(/\r\n?/g, "\n"),
    introduction: input.introduction.replace(/\r\n?/g, "\n"),
    videoUrl: input.videoUrl || null,
    guardian: underAge ? { name: input.guardianName, phone: normalizeApplicantPhone(input.guardianPhone, locale)!, consentedAt: now.toISOString() } : null,
    consent: { at: now.toISOString(), retentionDays, purpose: auditionConsent(locale).purpose },
    receivedAt: now,
    updatedAt: now,
  };
}

/** The rows of the application's files: its photos in order, then its video. */
function applicationFileRows(applicationId: number, photos: StoredPhoto[], video: ApplicationUpload["video"]) {
  const files: (typeof auditionFiles.$inferInsert)[] = photos.map((photo, position) => ({
    id: photo.id,
    applicationId,
    kind: "photo" as const,
    storageKey: photo.key,
    thumbKey: photo.thumbKey,
    contentType: "image/jpeg",
    bytes: photo.bytes,
    width: photo.width,
    height: photo.height,
    position,
  }));
  if (video) {
    files.push({
      id: randomBytes(16).toString("hex"),
      applicationId,
      kind: "video",
      storageKey: video.key,
      contentType: VIDEO_CONTENT_TYPES[video.container],
      bytes: video.bytes,
    });
  }
  return files;
}

/** Stores an application sent from the form in `locale`, marked with it (the workspace shows English ones). */
export async function submitApplication(services: Services, upload: ApplicationUpload, now: Date = new Date(), locale: Locale = "ko"): Promise<SubmitResult> {
  const values = typedValues(upload.fields);
  const storedKeys: string[] = upload.video ? [upload.video.key] : [];
  const discardFiles = () => Promise.all(storedKeys.map((key) => services.privateStorage.delete(key).catch(() => undefined)));
  try {
    const today = kstDate(now);
    const { parsed, errors } = checkApplication(upload, now, locale);
    if (!parsed.success || Object.keys(errors).length > 0) {
      await discardFiles();
      return { status: "invalid", errors, values };
    }
    const input = parsed.data;

    // Photos are decoded and re-encoded only once everything else is right (it is the costly part).
    const photos: StoredPhoto[] = [];
    for (const [index, photo] of upload.photos.entries()) {
      let encoded: Awaited<ReturnType<typeof reencodePrivatePhoto>>;
      try {
        encoded = await reencodePrivatePhoto(await photo.bytes());
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        await discardFiles();
        const t = auditionMessages(locale);
        const problem = error.reason === "too_large" ? t.photoRejected.too_large(MAX_AUDITION_PHOTO_BYTES) : t.photoRejected[error.reason];
        return { status: "invalid", errors: { photos: `${t.photo(index + 1, photo.fileName ?? "")}: ${problem}` }, values };
      }
      const key = privateFileKey("jpg", now);
      const thumbKey = privateFileKey("webp", now);
      await services.privateStorage.put(key, encoded.jpeg);
      storedKeys.push(key);
      await services.privateStorage.put(thumbKey, encoded.thumb);
      storedKeys.push(thumbKey);
      photos.push({ id: randomBytes(16).toString("hex"), key, thumbKey, width: encoded.width, height: encoded.height, bytes: encoded.jpeg.byteLength });
    }

    const settings = await getSiteSettings(services.db);
    const underAge = ageOn(input.birthDate, today) < GUARDIAN_AGE;
    const outcome = await services.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${APPLICATION_LOCK_KEY})`);
      // Only an earlier application from this same e-mail address earns its mailbox the duplicate
      // notice: one matched by phone alone would tell whoever owns the address typed now that someone
      // with that phone number applied. The workspace flags both kinds when it reads them.
      const earlierFromThisAddress = await hasRecentApplicationFrom(tx, input.email, now);
      const year = Number(today.slice(0, 4));
      const [counter] = await tx
        .insert(auditionReceiptCounters)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: auditionReceiptCounters.year, set: { last: sql`${auditionReceiptCounters.last} + 1` } })
        .returning({ last: auditionReceiptCounters.last });
      const receiptNumber = formatReceiptNumber(year, counter!.last);
      const [row] = await tx
        .insert(auditionApplications)
        .values(applicationRow(input, { receiptNumber, underAge, retentionDays: settings.auditionRetentionDays, now, locale }))
        .returning({ id: auditionApplications.id });
      const applicationId = row!.id;
      const files = applicationFileRows(applicationId, photos, upload.video);
      await tx.insert(auditionFiles).values(files);
      await tx.insert(auditionStatusChanges).values({ applicationId, fromStatus: null, toStatus: "received", actorLabel: "지원자", createdAt: now });
      // The agency's e-mail notice (when SMTP_URL is set): one outbox row, sent after the commit by the
      // scheduler; it can neither fail nor delay this submission.
      await queueApplicationNotice(tx, services, { receiptNumber, applicationId, to: settings.auditionEmail });
      if (earlierFromThisAddress) await queueDuplicateApplicationMail(tx, services, { receiptNumber, to: input.email, locale });
      return { applicationId, receiptNumber, earlierFromThisAddress };
    });
    // The log is the agency's; the answer to the submitter is the same either way.
    services.logger.info(
      { receiptNumber: outcome.receiptNumber, photos: photos.length, video: Boolean(upload.video), earlierFromThisAddress: outcome.earlierFromThisAddress },
      "audition application received",
    );
    return { status: "received", applicationId: outcome.applicationId, receiptNumber: outcome.receiptNumber, receivedAt: now };
  } catch (error) {
    await discardFiles();
    throw error;
  }
}
