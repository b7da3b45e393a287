import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { auditionApplications, auditionFiles, auditionReceiptCounters, auditionStatusChanges } from "../../../drizzle/schema";
import {
  AUDITION_CONSENT,
  AUDITION_TEXT_FIELDS,
  auditionFieldsSchema,
  ageOn,
  DUPLICATE_WINDOW_DAYS,
  formatReceiptNumber,
  GUARDIAN_AGE,
  MAX_AUDITION_PHOTOS,
  MIN_AUDITION_PHOTOS,
  normalizeMobilePhone,
  type AuditionFormValues,
} from "../../domain/auditions";
import { kstDate } from "../../domain/kst";
import { fieldErrors } from "../../domain/schemas";
import { ImageRejectedError, reencodePrivatePhoto } from "../media/media.server";
import type { Database, Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";
import type { ApplicationUpload } from "./application-upload.server";
import { privateFileKey } from "./application-upload.server";
import { VIDEO_CONTENT_TYPES } from "./video-container.server";

/**
 * Takes an online audition application (issue 12): validates every field and file with Korean
 * messages, asks a legal guardian's consent for applicants under 14, refuses a second application with
 * the same phone or e-mail within DUPLICATE_WINDOW_DAYS (naming the earlier receipt date), re-encodes
 * the photos, and stores the application, its files and its first status in one transaction with a
 * receipt number that is never reused. Nothing here is public or cached; see decision 016.
 */

export type SubmitResult =
  | { status: "received"; applicationId: number; receiptNumber: string; receivedAt: Date }
  | { status: "invalid"; errors: Record<string, string>; values: AuditionFormValues }
  | { status: "duplicate"; earlierReceivedOn: string; values: AuditionFormValues };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Serializes the duplicate check and the insert between concurrent submissions (all app servers). */
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
function crossChecks(fields: Record<string, string>, upload: ApplicationUpload, today: string, errors: Record<string, string>) {
  const birthDate = (fields.birthDate ?? "").trim();
  if (!errors.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate)) {
    if (birthDate > today) errors.birthDate = "생년월일이 오늘보다 늦습니다. 다시 확인해 주세요.";
    else if (ageOn(birthDate, today) > 100) errors.birthDate = "생년월일을 다시 확인해 주세요.";
    else if (ageOn(birthDate, today) < GUARDIAN_AGE) {
      if (!(fields.guardianName ?? "").trim()) errors.guardianName = "만 14세 미만은 법정대리인(부모님 등)의 이름을 입력해 주세요.";
      if (!normalizeMobilePhone(fields.guardianPhone ?? "")) errors.guardianPhone = "법정대리인의 휴대전화 번호를 010-1234-5678처럼 입력해 주세요.";
      if (fields.guardianConsent !== "on") errors.guardianConsent = "만 14세 미만은 법정대리인이 개인정보 수집·이용에 동의해야 지원할 수 있습니다.";
    }
  }
  if (!(fields.videoUrl ?? "").trim() && !upload.video && !upload.videoProblem) errors.videoFile = "자기소개 영상 파일을 올리거나 영상 주소를 입력해 주세요.";
}

/** The newest application with this phone or e-mail within the duplicate window, if any. */
async function findRecentApplication(db: Database | Tx, phone: string, email: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * DAY_MS);
  const [row] = await db
    .select({ receivedAt: auditionApplications.receivedAt })
    .from(auditionApplications)
    .where(and(or(eq(auditionApplications.phone, phone), eq(auditionApplications.email, email)), gt(auditionApplications.receivedAt, since)))
    .orderBy(desc(auditionApplications.receivedAt))
    .limit(1);
  return row?.receivedAt ?? null;
}

/** "2026년 11월 20일" */
export function koreanDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
}

export async function submitApplication(services: Services, upload: ApplicationUpload, now: Date = new Date()): Promise<SubmitResult> {
  const values = typedValues(upload.fields);
  const storedKeys: string[] = upload.video ? [upload.video.key] : [];
  const discardFiles = () => Promise.all(storedKeys.map((key) => services.privateStorage.delete(key).catch(() => undefined)));
  try {
    const today = kstDate(now);
    const parsed = auditionFieldsSchema.safeParse(upload.fields);
    const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    crossChecks(upload.fields, upload, today, errors);
    if (upload.photoProblems.length > 0) errors.photos = upload.photoProblems.join(" ");
    else if (upload.photos.length < MIN_AUDITION_PHOTOS) errors.photos = `얼굴 사진과 전신 사진을 포함해 사진을 ${MIN_AUDITION_PHOTOS}장 이상 올려 주세요.`;
    else if (upload.photos.length > MAX_AUDITION_PHOTOS) errors.photos = `사진은 ${MAX_AUDITION_PHOTOS}장까지 올릴 수 있습니다.`;
    if (upload.videoProblem) errors.videoFile = upload.videoProblem;
    if (!parsed.success || Object.keys(errors).length > 0) {
      await discardFiles();
      return { status: "invalid", errors, values };
    }
    const input = parsed.data;

    const earlier = await findRecentApplication(services.db, input.phone, input.email, now);
    if (earlier) {
      await discardFiles();
      return { status: "duplicate", earlierReceivedOn: kstDate(earlier), values };
    }

    // Photos are decoded and re-encoded only once everything else is right (it is the costly part).
    const photos: { id: string; key: string; thumbKey: string; width: number; height: number; bytes: number }[] = [];
    for (const [index, bytes] of upload.photos.entries()) {
      let encoded: Awaited<ReturnType<typeof reencodePrivatePhoto>>;
      try {
        encoded = await reencodePrivatePhoto(bytes);
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        await discardFiles();
        return { status: "invalid", errors: { photos: `${index + 1}번째 사진: ${error.message}` }, values };
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
      const again = await findRecentApplication(tx, input.phone, input.email, now);
      if (again) return { kind: "duplicate", earlier: again } as const;
      const year = Number(today.slice(0, 4));
      const [counter] = await tx
        .insert(auditionReceiptCounters)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: auditionReceiptCounters.year, set: { last: sql`${auditionReceiptCounters.last} + 1` } })
        .returning({ last: auditionReceiptCounters.last });
      const receiptNumber = formatReceiptNumber(year, counter!.last);
      const [row] = await tx
        .insert(auditionApplications)
        .values({
          receiptNumber,
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
          guardian: underAge ? { name: input.guardianName, phone: normalizeMobilePhone(input.guardianPhone)!, consentedAt: now.toISOString() } : null,
          consent: { at: now.toISOString(), retentionDays: settings.auditionRetentionDays, purpose: AUDITION_CONSENT.purpose },
          receivedAt: now,
          updatedAt: now,
        })
        .returning({ id: auditionApplications.id });
      const applicationId = row!.id;
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
      if (upload.video) {
        files.push({
          id: randomBytes(16).toString("hex"),
          applicationId,
          kind: "video",
          storageKey: upload.video.key,
          contentType: VIDEO_CONTENT_TYPES[upload.video.container],
          bytes: upload.video.bytes,
        });
      }
      await tx.insert(auditionFiles).values(files);
      await tx.insert(auditionStatusChanges).values({ applicationId, fromStatus: null, toStatus: "received", actorLabel: "지원자", createdAt: now });
      return { kind: "received", applicationId, receiptNumber } as const;
    });
    if (outcome.kind === "duplicate") {
      await discardFiles();
      return { status: "duplicate", earlierReceivedOn: kstDate(outcome.earlier), values };
    }
    services.logger.info({ receiptNumber: outcome.receiptNumber, photos: photos.length, video: Boolean(upload.video) }, "audition application received");
    return { status: "received", applicationId: outcome.applicationId, receiptNumber: outcome.receiptNumber, receivedAt: now };
  } catch (error) {
    await discardFiles();
    throw error;
  }
}

/** "이미 2026년 11월 20일에 접수된 지원서가 있습니다. ...": the kind refusal of a second application. */
export function duplicateMessage(earlierReceivedOn: string): string {
  return `같은 휴대전화 번호나 이메일로 ${koreanDate(earlierReceivedOn)}에 접수된 지원서가 있습니다. 지원서는 ${DUPLICATE_WINDOW_DAYS}일에 한 번만 낼 수 있으니, 접수한 지원서의 심사 결과를 기다려 주세요. 고칠 내용이 있다면 오디션 이메일로 알려 주세요.`;
}
