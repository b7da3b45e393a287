import { createCookie, data, redirect } from "react-router";
import { AUDITION_PATHS, HONEYPOT_FIELD, STAMP_FIELD, SUBMISSIONS_PER_ADDRESS_PER_HOUR, type AuditionFormValues } from "../domain/auditions";
import { auditionMessages } from "../domain/audition-messages";
import { localizedPath, type Locale } from "../domain/locale";
import { MALFORMED_BODY_MESSAGE } from "../server/platform/form-body.server";
import type { RequestContext } from "../server/route-kit/context.server";
import { hitRateLimit, rateLimitSubject, releaseRateLimitHit } from "../server/platform/rate-limit.server";
import { RequestBodyError } from "../server/platform/form-body.server";
import { getSiteSettings } from "../server/site/settings.server";
import { readApplicationUpload, type ApplicationUpload } from "../server/auditions/application-upload.server";
import { checkFormStamp, stampForm } from "../server/auditions/form-timing.server";
import { checkApplication, submitApplication, typedValues } from "../server/auditions/submit-application.server";

/**
 * The public side of online applications: the form's data, the submission (a no-JavaScript form post
 * answered with the page, or the JavaScript form's post answered with JSON so it can show upload
 * progress), and the confirmation, in Korean and under /en in English (decision 065: the same checks,
 * the messages in the form's language, the application marked with it). Every answer is
 * `Cache-Control: no-store`; these addresses are never in the page cache (page-cache-store.server.ts)
 * and never carry anything to another visitor.
 */


export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** What the form shows after a refused submission. */
export interface ApplyReply {
  formError: string;
  errors: Record<string, string>;
  values: AuditionFormValues;
  /** A fresh time stamp for the next try. */
  stamp: string;
  /** The files were not kept: the form says to choose them again. */
  filesDropped: boolean;
}

const RATE_RULE = { bucket: "audition-submit", limit: SUBMISSIONS_PER_ADDRESS_PER_HOUR, windowMs: 60 * 60 * 1000 };

/** The receipt's cookie, sent back only to the application's addresses in the language it was sent in. */
const receiptCookie = (secret: string, locale: Locale) =>
  createCookie("we_receipt", { secrets: [secret], httpOnly: true, sameSite: "lax", path: localizedPath(locale, AUDITION_PATHS.apply), maxAge: 30 * 60 });

export async function loadApplyPage(ctx: RequestContext, locale: Locale = "ko", now: Date = new Date()) {
  const settings = await getSiteSettings(ctx.runtime.db);
  return data(
    { stamp: stampForm(ctx.runtime.sessionSecret, now), retentionDays: settings.auditionRetentionDays, auditionEmail: settings.auditionEmail, locale },
    { headers: NO_STORE },
  );
}

/**
 * A refusal. `counted`: it stays counted toward the per-address limit. Only what a bot does is (the
 * honeypot filled, a time stamp missing or forged); a visitor's own mistakes (fields, files, a form sent
 * too soon or left open too long) give the hit back, so fixing them never locks the visitor out.
 */
type Refused = { kind: "refused"; status: number; reply: ApplyReply; headers?: Record<string, string>; counted?: boolean };
type Outcome = { kind: "received"; location: string; setCookie: string } | Refused;

/** Which form sent it: the no-JavaScript post gets the page back, the JavaScript form JSON (and keeps what was typed). */
type Channel = "page" | "json";

/** The refusal of a sender over the per-address limit; its body was never read, so nothing of it was kept. */
export function overLimitMessage(retryAfterSeconds: number, channel: Channel, locale: Locale = "ko"): string {
  const t = auditionMessages(locale);
  return `${t.overLimit(Math.ceil(retryAfterSeconds / 60))}${channel === "page" ? t.overLimitPage : t.overLimitJson}`;
}

/**
 * Runs one submission: the shared limit, then the body, the honeypot and time stamp, then the use case.
 * The limit is counted (one atomic upsert) before a byte of the body is read, and a sender over it is
 * answered at once: a refused request must not cost the server a 275 MB upload read, stored and thrown
 * away. The HTTP layer closes such a connection after the answer (pipeline/lingering-close.server.ts).
 */
async function runSubmission(ctx: RequestContext, request: Request, now: Date, channel: Channel, locale: Locale): Promise<Outcome> {
  const { runtime } = ctx;
  // The next try carries the form's original stamp while it is good (fixing a typo must not count as
  // "too fast"); a new one when it was missing, forged or expired.
  let stamp = stampForm(runtime.sessionSecret, now);
  const refuse = (status: number, formError: string, upload: ApplicationUpload | null, errors: Record<string, string> = {}): Refused => ({
    kind: "refused",
    status,
    reply: { formError, errors, values: upload ? typedValues(upload.fields) : {}, stamp, filesDropped: true },
  });

  const subject = rateLimitSubject(runtime.sessionSecret, RATE_RULE.bucket, ctx.clientIp);
  const limit = await hitRateLimit(runtime.db, RATE_RULE, subject, now);
  if (!limit.allowed) {
    ctx.logger.warn("audition submissions over the per-address limit: refused before reading the body");
    return { ...refuse(429, overLimitMessage(limit.retryAfterSeconds, channel, locale), null), headers: { "Retry-After": String(limit.retryAfterSeconds) } };
  }
  const giveBackUncounted = async (outcome: Outcome): Promise<Outcome> => {
    if (outcome.kind === "refused" && !outcome.counted) await releaseRateLimitHit(runtime.db, RATE_RULE, subject, now);
    return outcome;
  };
  let upload: ApplicationUpload;
  try {
    upload = await readApplicationUpload(request, runtime.privateStorage, locale);
  } catch (error) {
    if (error instanceof RequestBodyError) return giveBackUncounted(refuse(error.status, bodyErrorMessage(error, locale), null));
    throw error;
  }
  try {
    return await giveBackUncounted(await decideSubmission(ctx, upload, now, locale, refuse, (good) => (stamp = good)));
  } finally {
    // The photos waited in temporary files; whatever the outcome, they go (the accepted ones were re-encoded).
    await Promise.all(upload.photos.map((photo) => photo.discard().catch(() => undefined)));
  }
}

/** A body that could not be read, said in the form's language (the platform's message is Korean). */
function bodyErrorMessage(error: RequestBodyError, locale: Locale): string {
  if (locale === "ko" || error.message !== MALFORMED_BODY_MESSAGE) return error.message;
  return "We could not read what was sent. Please try again.";
}

/** The rest of a submission once its body is read: the honeypot, the time stamp, then the use case. */
async function decideSubmission(
  ctx: RequestContext,
  upload: ApplicationUpload,
  now: Date,
  locale: Locale,
  refuse: (status: number, formError: string, upload: ApplicationUpload | null, errors?: Record<string, string>) => Refused,
  keepStamp: (stamp: string) => void,
): Promise<Outcome> {
  const { runtime } = ctx;
  const t = auditionMessages(locale);
  const discard = async () => {
    if (upload.video) await runtime.privateStorage.delete(upload.video.key).catch(() => undefined);
  };
  if (upload.nulRemoved) {
    await discard();
    return refuse(400, t.nulRemoved, upload);
  }
  if ((upload.fields[HONEYPOT_FIELD] ?? "") !== "") {
    await discard();
    ctx.logger.warn("audition form honeypot filled: refused");
    return { ...refuse(400, t.honeypot, upload), counted: true };
  }
  const timing = checkFormStamp(runtime.sessionSecret, upload.fields[STAMP_FIELD] ?? null, now);
  if (timing === "ok" || timing === "too-fast") keepStamp(upload.fields[STAMP_FIELD]!);
  if (timing !== "ok") {
    await discard();
    // Sent too soon, but not filled in right (an empty form, Enter pressed at once): the fields' messages.
    const errors = timing === "too-fast" ? checkApplication(upload, now, locale).errors : {};
    if (Object.keys(errors).length > 0) return refuse(400, t.fieldsRefused, upload, errors);
    return { ...refuse(400, timing === "too-fast" ? t.tooFast : t.stampInvalid, upload), counted: timing === "invalid" };
  }

  // A duplicate (the same phone or e-mail within the window) is received like any other application:
  // what comes back must not tell the sender whether someone else applied (decision 033).
  const result = await submitApplication(runtime, upload, now, locale);
  if (result.status === "invalid") return refuse(400, t.fieldsRefused, upload, result.errors);
  runtime.scheduler?.wake();
  const setCookie = await receiptCookie(runtime.sessionSecret, locale).serialize({ receiptNumber: result.receiptNumber, receivedAt: result.receivedAt.toISOString() });
  return { kind: "received", location: localizedPath(locale, AUDITION_PATHS.complete), setCookie };
}

/** The no-JavaScript form post: a redirect to the confirmation, or the page again with the messages. */
export async function handleApplyAction(ctx: RequestContext, request: Request, locale: Locale = "ko", now: Date = new Date()) {
  const outcome = await runSubmission(ctx, request, now, "page", locale);
  if (outcome.kind === "received") return redirect(outcome.location, { headers: { "Set-Cookie": outcome.setCookie, ...NO_STORE } });
  return data(outcome.reply, { status: outcome.status, headers: { ...outcome.headers, ...NO_STORE } });
}

/** The JavaScript form's post: JSON, `{ location }` or the reply with a `message`. */
export async function handleApplySubmit(ctx: RequestContext, request: Request, locale: Locale = "ko", now: Date = new Date()): Promise<Response> {
  if (request.method !== "POST") return postOnly(locale);
  const outcome = await runSubmission(ctx, request, now, "json", locale);
  if (outcome.kind === "received") return Response.json({ location: outcome.location }, { headers: { "Set-Cookie": outcome.setCookie, ...NO_STORE } });
  return Response.json({ ...outcome.reply, message: outcome.reply.formError }, { status: outcome.status, headers: { ...outcome.headers, ...NO_STORE } });
}

/** The JavaScript form's address read with another method than POST. */
export function postOnly(locale: Locale): Response {
  return Response.json({ error: { code: "method_not_allowed", message: auditionMessages(locale).postOnly } }, { status: 405, headers: { Allow: "POST", ...NO_STORE } });
}

/** The confirmation: the receipt number from the signed cookie set by the submission (null when none). */
export async function loadCompletePage(ctx: RequestContext, request: Request, locale: Locale = "ko") {
  const value: unknown = await receiptCookie(ctx.runtime.sessionSecret, locale).parse(request.headers.get("Cookie"));
  const receipt =
    value && typeof value === "object" && typeof (value as { receiptNumber?: unknown }).receiptNumber === "string"
      ? (value as { receiptNumber: string; receivedAt: string })
      : null;
  const settings = await getSiteSettings(ctx.runtime.db);
  return data({ receipt, auditionEmail: settings.auditionEmail, locale }, { headers: NO_STORE });
}
