/**
 * The one database schema (PostgreSQL dialect). Used by the app through Drizzle and by
 * drizzle-kit to generate the SQL migrations in `migrations/`.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ARTIST_LIST_FIELD_INFO, type ArtistEnglish, type ArtistListField } from "../app/domain/artist-fields";
import { ARTIST_STATUSES, POST_STATUSES } from "../app/domain/content-states";
import type { Reel } from "../app/domain/reels";
import type { SecurityNotice } from "../app/domain/security-notice";
import { AUDITION_STATUSES } from "../app/domain/auditions";
import { LOCALES } from "../app/domain/locale";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/**
 * What every record edited in the workspace (artists, posts) has last: in the trash since then
 * (restorable until purged; null otherwise), who made the last change (as the workspace shows it), the
 * version an edit must start from, and when it was created and last changed.
 */
const editedRecordColumns = () => ({
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  updatedBy: text("updated_by").notNull().default(""),
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
const stringList = (name: string) =>
  jsonb(name).$type<string[]>().notNull().default(sql`'[]'::jsonb`);
const artistListColumns = () =>
  Object.fromEntries(ARTIST_LIST_FIELD_INFO.map((f) => [f.key, stringList(f.column)])) as Record<ArtistListField, ReturnType<typeof stringList>>;

/** A stored upload: the re-encoded original. Its resized variants live in `media_variants`. */
export const media = pgTable("media", {
  id: serial("id").primaryKey(),
  /** Server-generated storage key of the original, e.g. `2026/11/3f9c...e1.jpg`. Never a user file name. */
  storageKey: text("storage_key").notNull().unique(),
  format: text("format").notNull(),
  mimeType: text("mime_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: integer("bytes").notNull(),
  sha256: text("sha256").notNull(),
  /** Alternative text offered when the image is placed from the media library. */
  alt: text("alt").notNull().default(""),
  /**
   * The name the file had on the uploader's computer (cut to 200 characters), for finding it in the
   * pickers only: files are stored and served under `storageKey`, never under this name.
   */
  fileName: text("file_name").notNull().default(""),
  /**
   * The point share images are cropped around, as fractions of the width and height from the
   * top left; the centre unless the administrator sets it.
   */
  focalX: real("focal_x").notNull().default(0.5),
  focalY: real("focal_y").notNull().default(0.5),
  createdAt: createdAt(),
});

export const mediaVariants = pgTable(
  "media_variants",
  {
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    bytes: integer("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.format, t.width] })],
);

export const artists = pgTable(
  "artists",
  {
    id: serial("id").primaryKey(),
    /** Korean name; unique, and the key in `/artist/{name}` URLs. */
    name: text("name").notNull(),
    /** The English name (the original API's `ename`). */
    nameEn: text("ename").notNull().default(""),
    birthday: text("birthday").notNull().default(""),
    /** Height in centimetres, as entered. */
    height: text("cm").notNull().default(""),
    /** Social link (http/https only). */
    socialLink: text("insta").notNull().default(""),
    /** The eight list fields (app/domain/artist-fields.ts), each a JSON array of strings. */
    ...artistListColumns(),
    /**
     * The English version of the profile: its text fields and list entries
     * (app/domain/artist-fields.ts `ArtistEnglish`); `{}` when there is none. The English name is `nameEn`.
     */
    en: jsonb("en").$type<ArtistEnglish>().notNull().default(sql`'{}'::jsonb`),
    /** Showreels (app/domain/reels.ts `Reel`): provider, video id and title, never the address as typed (decision 046). */
    reels: jsonb("reels").$type<Reel[]>().notNull().default(sql`'[]'::jsonb`),
    displayOrder: integer("display_order").notNull().default(0),
    /** app/domain/content-states.ts: draft, public (on the roster), hidden, former (전속 종료). */
    status: text("status", { enum: ARTIST_STATUSES }).notNull().default("public"),
    ...editedRecordColumns(),
  },
  (t) => [
    uniqueIndex("artists_name_unique").on(t.name),
    index("artists_order_idx").on(t.displayOrder, t.id),
    check("artists_status_valid", sql`${t.status} in ('draft', 'public', 'hidden', 'former')`),
  ],
);

/** Artist photos: position 0 is the main image, 1-4 the sub images (requirements R5.1: at most 5). */
export const artistImages = pgTable(
  "artist_images",
  {
    artistId: integer("artist_id")
      .notNull()
      .references(() => artists.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.artistId, t.position] }),
    check("artist_images_position_range", sql`${t.position} between 0 and 4`),
  ],
);

/** News and notice posts share one table; `postId` is the id. */
export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["news", "notice"] }).notNull(),
    title: text("title").notNull(),
    /** Sanitized HTML, as edited (sanitized once, on write). */
    content: text("content").notNull(),
    /** Derived from `content` on write (app/server/posts/post-content.server.ts), so reads never parse HTML: */
    /** the content's plain text, */
    contentText: text("content_text").notNull().default(""),
    /** the list preview (requirements R6.4), */
    preview: text("preview").notNull().default(""),
    /** the link-preview description, */
    description: text("description").notNull().default(""),
    /** the first image's URL (link-preview image) and its smallest variant (list thumbnail), */
    firstImage: text("first_image"),
    thumbnail: text("thumbnail"),
    /** and the HTML as pages show it: our images with their size, variants and loading hints. */
    renderedContent: text("rendered_content").notNull().default(""),
    /**
     * The English version: title and sanitized HTML as edited, and the forms derived from it as
     * above. An empty `titleEn` means there is none: the post is left out of the English lists.
     */
    titleEn: text("title_en").notNull().default(""),
    contentEn: text("content_en").notNull().default(""),
    contentTextEn: text("content_text_en").notNull().default(""),
    previewEn: text("preview_en").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    renderedContentEn: text("rendered_content_en").notNull().default(""),
    /**
     * What the writer chose beside the content (decision 043): a stored image for the lists, share
     * images and feeds (a media URL, "" for none: the first image in the content then), an excerpt for
     * the lists' preview and an SEO description for the meta description ("" for none: derived), each
     * with its English twin.
     */
    featuredImage: text("featured_image").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    excerptEn: text("excerpt_en").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    seoDescriptionEn: text("seo_description_en").notNull().default(""),
    /** Which derivation made the fields above; older rows are derived again at start. */
    derivedVersion: integer("derived_version").notNull().default(0),
    /** The original's writeDay (requirements R6.1: shown as YYYY-MM-DD, Korea time): the day it was first published. */
    writeDay: date("write_day", { mode: "string" }).notNull(),
    /** app/domain/content-states.ts: draft, scheduled (goes public at `publishAt`) or published. */
    status: text("status", { enum: POST_STATUSES }).notNull().default("published"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** A published post goes back to draft at this time. */
    unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
    /** When it last went public. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Notices only: kept on top of the lists ("공지"). */
    pinned: boolean("pinned").notNull().default(false),
    ...editedRecordColumns(),
  },
  (t) => [
    check("posts_kind_valid", sql`${t.kind} in ('news', 'notice')`),
    check("posts_status_valid", sql`${t.status} in ('draft', 'scheduled', 'published')`),
    check("posts_scheduled_has_time", sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
    index("posts_kind_day_idx").on(t.kind, t.writeDay.desc(), t.id.desc()),
    index("posts_due_idx").on(t.status, t.publishAt),
  ],
);

/** The stored images a post's content shows (kept on write): the media library's "used by", and purges. */
export const postMedia = pgTable(
  "post_media",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaId] }), index("post_media_media_idx").on(t.mediaId)],
);

/** Every saved version of a post or an artist: what it was, who saved it and what changed. */
export const revisions = pgTable(
  "revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entity: text("entity", { enum: ["post", "artist"] }).notNull(),
    entityId: integer("entity_id").notNull(),
    /** The record's version this revision saved. */
    version: integer("version").notNull(),
    /** The editable fields as saved (app/server/history/revisions.server.ts). */
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    changedFields: jsonb("changed_fields").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Why, when not an ordinary save: "restored from revision 12", "scheduled publish". */
    note: text("note").notNull().default(""),
    staffId: integer("admin_id").references(() => staffUsers.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("revisions_entity_idx").on(t.entity, t.entityId, t.id.desc())],
);

export const staffUsers = pgTable("admin_users", {
  id: serial("id").primaryKey(),
  /** Normalized (trimmed, lower-cased) login id. */
  loginId: text("login_id").notNull().unique(),
  /** argon2id PHC string. */
  passwordHash: text("password_hash").notNull(),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  /** The person's name as the workspace shows it ("김민지"); empty for the provisioned first owner. */
  displayName: text("display_name").notNull().default(""),
  email: text("email").notNull().default(""),
  /** owner | editor | casting | viewer (app/domain/staff-roles.ts); the first administrator is the owner. */
  role: text("role").notNull().default("owner"),
  /** Set while the account may not sign in (its sessions and tokens stop at once). */
  deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  /** The TOTP secret, encrypted (AES-256-GCM, app/server/auth/secret-box.server.ts); set while enrolling or enrolled. */
  totpSecret: text("totp_secret"),
  /** When the TOTP secret was confirmed with a code; null: no second factor (yet). */
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** The last 30-second step whose code was accepted: each code works once. */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  /**
   * The second step's own throttle, per account (decision 051): codes tried in the current window,
   * counted before each is checked and cleared only by a successful second step...
   */
  secondFactorTries: integer("second_factor_tries").notNull().default(0),
  /** ...when that window began (null: no window open)... */
  secondFactorWindowStart: timestamp("second_factor_window_start", { withTimezone: true }),
  /** ...until when the second step is refused after too many wrong codes (any address, any device)... */
  secondFactorLockedUntil: timestamp("second_factor_locked_until", { withTimezone: true }),
  /** ...and how many refusals came in a row since the last successful second step (each one twice as long). */
  secondFactorLockouts: integer("second_factor_lockouts").notNull().default(0),
  /**
   * What the person is told at the next successful sign-in and until they say they have read it: wrong
   * codes and refusals while they were away (a summary; the access records keep every attempt).
   */
  securityNotice: jsonb("security_notice").$type<SecurityNotice>(),
  /**
   * May enroll its second factor after signing in with the password alone: only the first owner made
   * at first start and an account reset with `admin:password --reset-second-factor` (decision 040,
   * amended 2026-11-29); cleared once a second factor is on. Everyone else enrolls through a link.
   */
  selfEnrollment: boolean("self_enrollment").notNull().default(false),
}, (t) => [check("admin_users_role_check", sql`${t.role} in ('owner', 'editor', 'casting', 'viewer')`)]);

/** An owner's invitation: a one-time link (only its hash stored) valid 72 hours. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** The account the invitation became. */
    acceptedBy: integer("accepted_by").references(() => staffUsers.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Set for a second-factor setup link of an existing account (no new account, the role unchanged). */
    accountId: integer("account_id").references(() => staffUsers.id, { onDelete: "cascade" }),
    /** The TOTP secret enrolled with the link (encrypted like admin_users.totp_secret), from its first view. */
    totpSecret: text("totp_secret"),
  },
  (t) => [check("staff_invitations_role_check", sql`${t.role} in ('owner', 'editor', 'casting', 'viewer')`)],
);

/**
 * Grants of access, kept apart from the activity log for 3 years (안전성 확보조치 기준 Art. 5③): invitations,
 * accounts created, role changes, deactivations, reactivations, removals. Names are copied in, so an
 * entry outlives the account it is about.
 */
export const staffAccessChanges = pgTable(
  "staff_access_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => staffUsers.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    subjectId: integer("subject_id").references(() => staffUsers.id, { onDelete: "set null" }),
    subjectLabel: text("subject_label").notNull(),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text("ip").notNull().default(""),
  },
  (t) => [index("staff_access_changes_at_idx").on(t.at)],
);

/**
 * Passkeys (WebAuthn credentials), a second factor beside the authenticator app (decision 040): the
 * credential's id and public key as the browser registered them, its signature counter, and a name.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id (base64url), as the browser sends it back when signing in. */
    id: text("id").primaryKey(),
    staffId: integer("admin_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_admin_idx").on(t.staffId)],
);

/** Single-use recovery codes of the second factor (decision 040): only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    staffId: integer("admin_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_admin_idx").on(t.staffId)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the session token; the token itself is only in the cookie. */
    tokenHash: text("token_hash").primaryKey(),
    staffId: integer("admin_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
    ip: text("ip").notNull().default(""),
  },
  (t) => [index("sessions_admin_idx").on(t.staffId)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Normalized login id as typed (trimmed, NFKC, lower-cased). */
    accountKey: text("account_key").notNull(),
    ip: text("ip").notNull(),
    succeeded: boolean("succeeded").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
    index("login_attempts_account_idx").on(t.accountKey, t.createdAt),
  ],
);

/**
 * Revocable bearer tokens for non-browser API clients; only the hash is stored. Each belongs to an
 * account and acts with it (a deactivated or removed account's tokens stop at once), within its scopes
 * (app/domain/api-scopes.ts), until it expires.
 */
export const apiTokens = pgTable("api_tokens", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  staffId: integer("admin_id").references(() => staffUsers.id, { onDelete: "cascade" }),
  scopes: text("scopes").array().notNull().default(sql`'{content,media}'::text[]`),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

/** Who changed what, for the administrator's own record. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: integer("admin_id").references(() => staffUsers.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** Who, as shown: the administrator's id, an API token's name, or a background job. */
    actorLabel: text("actor_label").notNull().default(""),
    /** The client address the change came from (empty for jobs and scripts). */
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

/** Site-wide settings (contact details, map position, social links), one JSON value per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Online audition applications (decision 016). Personal data: never public, never cached, deleted with
 * their files when the retention period the applicant consented to (`consent.retentionDays`) ends
 * (docs/decisions/016-audition-applications.md, 033-audition-duplicates-and-retention.md).
 */
export const auditionApplications = pgTable(
  "audition_applications",
  {
    id: serial("id").primaryKey(),
    /** "AUD-2026-000123" (formatReceiptNumber). */
    receiptNumber: text("receipt_number").notNull().unique(),
    /** The language of the form it was sent from: the Korean form, or the English one under /en (decision 065). */
    locale: text("locale", { enum: LOCALES }).notNull().default("ko"),
    status: text("status", { enum: AUDITION_STATUSES }).notNull().default("received"),
    name: text("name").notNull(),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    gender: text("gender").notNull(),
    /** Normalized "010-1234-5678". */
    phone: text("phone").notNull(),
    /** Lower-cased. */
    email: text("email").notNull(),
    heightCm: smallint("height_cm").notNull(),
    weightKg: smallint("weight_kg"),
    career: text("career").notNull().default(""),
    introduction: text("introduction").notNull(),
    /** A YouTube, Vimeo or Naver TV link, when no file was uploaded. */
    videoUrl: text("video_url"),
    /** Legal guardian of an applicant under 14, with the time of their consent. */
    guardian: jsonb("guardian").$type<{ name: string; phone: string; consentedAt: string } | null>(),
    /**
     * What the applicant agreed to and when. `retentionDays` is the period the form stated then: the
     * application is kept for it, whatever the setting says later (decision 033).
     */
    consent: jsonb("consent").$type<{ at: string; retentionDays: number; purpose: string }>().notNull(),
    /** Internal notes of the agency (never shown to the applicant). */
    notes: text("notes").notNull().default(""),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a final status (최종 합격, 불합격) was set; the retention period counts from it. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("audition_applications_received_idx").on(t.receivedAt),
    index("audition_applications_phone_idx").on(t.phone, t.receivedAt),
    index("audition_applications_email_idx").on(t.email, t.receivedAt),
    index("audition_applications_status_idx").on(t.status),
    check("audition_applications_locale_check", sql`${t.locale} in ('ko', 'en')`),
  ],
);

/** An applicant's photos (re-encoded, metadata stripped) and uploaded video, in the private storage. */
export const auditionFiles = pgTable(
  "audition_files",
  {
    /** Random 32 hex digits: part of the admin's address of the file. */
    id: text("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => auditionApplications.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["photo", "video"] }).notNull(),
    /** Private storage key (unguessable, server-generated). */
    storageKey: text("storage_key").notNull(),
    /** A small preview of a photo (private storage). */
    thumbKey: text("thumb_key"),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    position: smallint("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("audition_files_application_idx").on(t.applicationId, t.kind, t.position)],
);

/** Every status an application went through, who set it and when. */
export const auditionStatusChanges = pgTable(
  "audition_status_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => auditionApplications.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorLabel: text("actor_label").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("audition_status_changes_application_idx").on(t.applicationId, t.id)],
);

/** The last receipt number given out per year (numbers are never reused, even after deletion). */
export const auditionReceiptCounters = pgTable("audition_receipt_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * Requests counted per client (a keyed hash of the address, never the address itself) and window,
 * shared by every app server: the limit holds whichever server a request reaches.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: text("bucket").notNull(),
    subject: text("subject").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.subject, t.windowStart] }), index("rate_limit_hits_window_idx").on(t.windowStart)],
);

/**
 * E-mail waiting to be sent (SMTP_URL). Written in the transaction of what it announces, sent by a
 * background worker that claims rows with row locks, retried with back-off when the mail server is away.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.sentAt, t.nextAttemptAt)],
);

/**
 * Scheduled backups (BACKUP_CRON): one row per scheduled time, inserted by the server that takes it, so a
 * backup is made once however many servers share the database (docs/decisions/024-backups.md).
 */
export const backupRuns = pgTable("backup_runs", {
  scheduledFor: timestamp("scheduled_for", { withTimezone: true }).primaryKey(),
  /** Which server took it: host name and process id. */
  server: text("server").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  /** Null while it runs, and for good when its server died in the middle. */
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** The archive written (its name in the backup target), or null when it failed. */
  archive: text("archive"),
  bytes: bigint("bytes", { mode: "number" }),
  /** Why it failed. */
  error: text("error"),
});

/**
 * Daily work of the scheduler that must happen once however many app servers run it (the orphan sweep,
 * decision 035): one row per job and scheduled time, inserted by the server that takes it, which then
 * records how the run ended. Backups keep their own table (`backup_runs`), whose rules are theirs.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    /** Which job ("storage-sweep", "access-record-head"). */
    job: text("job").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    /** Which server took it: host name and process id. */
    server: text("server").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Null while it runs, and for good when its server died in the middle. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** What the run did (for the sweep: what it removed from each storage). */
    result: jsonb("result").$type<Record<string, unknown>>(),
    /** Why it failed. */
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.job, t.scheduledFor] })],
);

/**
 * 접속기록 (decision 039): every time a member of staff reads or changes an applicant's personal data,
 * one row: who, when, from where, which applications (receipt numbers only) and what was done. Append
 * only: the app inserts rows and the retention purge deletes the oldest; nothing updates one. Each row
 * is chained to the one before by `hash` = SHA-256(prev_hash + the row's fields), so an edited, inserted
 * or deleted row shows (app/server/privacy/access-records.server.ts).
 */
export const accessRecords = pgTable(
  "access_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The administrator; null once the account is deleted (the label stays, and only the label is hashed). */
    staffId: integer("admin_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The login id as shown. */
    actorLabel: text("actor_label").notNull(),
    ip: text("ip").notNull().default(""),
    /** view, search, file-view, file-download, export, status, note, delete, print. */
    action: text("action").notNull(),
    /** The applications concerned, by receipt number (never a name or contact detail). */
    receiptNumbers: text("receipt_numbers").array().notNull().default(sql`'{}'::text[]`),
    /** Counts and kinds only (a search's result count, a file's kind, a bulk change's size). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** Why a file was downloaded or applications exported (ACCESS_REASONS), and the typed explanation. */
    reasonCode: text("reason_code"),
    reasonText: text("reason_text"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("access_records_at_idx").on(t.at),
    index("access_records_actor_idx").on(t.actorLabel, t.at),
    check(
      "access_records_action",
      sql`${t.action} in ('view', 'search', 'file-view', 'file-download', 'export', 'status', 'note', 'delete', 'print')`,
    ),
  ],
);

/**
 * The chain's ends, one row (id 1): the last entry appended (locked FOR UPDATE by every append, so
 * appends from several app servers line up) and the anchor the retention purge leaves behind (the last
 * purged entry's id and hash; the first kept entry's prev_hash must equal it).
 */
export const accessRecordChain = pgTable(
  "access_record_chain",
  {
    id: smallint("id").primaryKey(),
    headId: bigint("head_id", { mode: "number" }).notNull().default(0),
    headHash: text("head_hash").notNull().default(""),
    anchorId: bigint("anchor_id", { mode: "number" }).notNull().default(0),
    anchorHash: text("anchor_hash").notNull().default(""),
  },
  (t) => [check("access_record_chain_one_row", sql`${t.id} = 1`)],
);

/** The monthly check of the access records: which month (KST, "2026-11"), who marked it and when, and the head it saw. */
export const accessRecordInspections = pgTable("access_record_inspections", {
  month: text("month").primaryKey(),
  staffId: integer("admin_id").references(() => staffUsers.id, { onDelete: "set null" }),
  actorLabel: text("actor_label").notNull(),
  note: text("note").notNull().default(""),
  inspectedAt: timestamp("inspected_at", { withTimezone: true }).notNull(),
  /** The head of the chain the inspection verified (null when it did not, or nothing was recorded yet): later verifications check it still holds. */
  headId: bigint("head_id", { mode: "number" }),
  headHash: text("head_hash"),
});

/**
 * The moves from the original site (`npm run import:site`, decision 045): one row per run, its options,
 * its state while it runs and its report when it ends; the workspace shows the latest.
 */
export const siteImports = pgTable(
  "site_imports",
  {
  id: serial("id").primaryKey(),
  /** The old site's origin, e.g. `https://old.we-ent.co.kr`. */
  origin: text("origin").notNull(),
  /** The kinds asked for (artists, news, notices). */
  only: jsonb("only").$type<string[]>().notNull(),
  dryRun: boolean("dry_run").notNull().default(false),
  /** running, finished, failed. */
  state: text("state").notNull().default("running"),
  actorLabel: text("actor_label").notNull().default(""),
  /** The report (app/domain/site-import.ts), filled in as the run goes and complete when it ends. */
  report: jsonb("report").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  /** The process running it, "hostname:pid": a run whose process is gone was interrupted. */
  holder: text("holder").notNull().default(""),
  /** Renewed every few seconds while the run lives: a "running" row that stopped renewing was interrupted. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  // One run at a time, across processes and servers.
  (t) => [uniqueIndex("site_imports_one_running").on(t.state).where(sql`${t.state} = 'running'`)],
);

/**
 * Where each imported record came from: the old site's origin, kind and key (an artist's name, a post's
 * postId), the record here, the fingerprint of the old record as last imported and the version it was
 * given here. A re-run compares both to tell unchanged, updated-there and edited-here (a conflict). The
 * row is written in the same transaction as the record, so an interrupted run never imports one twice.
 */
export const importedRecords = pgTable(
  "imported_records",
  {
    origin: text("origin").notNull(),
    kind: text("kind").notNull(),
    sourceKey: text("source_key").notNull(),
    localId: integer("local_id").notNull(),
    sourceHash: text("source_hash").notNull(),
    localVersion: integer("local_version").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.origin, t.kind, t.sourceKey] })],
);

/** Each image of the old site already brought in (its URL, or `data:` plus the SHA-256 of its bytes), and its copy here. */
export const importedImages = pgTable(
  "imported_images",
  {
    origin: text("origin").notNull(),
    source: text("source").notNull(),
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    bytes: integer("bytes").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.origin, t.source] })],
);

/**
 * Casting packages (decision 047): a curated, private selection of artists sent to one production as
 * an unguessable link (`/casting/{token}`). Only the token's SHA-256 finds a package; the token itself is
 * kept sealed (AES-256-GCM with the server secret) so the workspace can show the link again.
 */
export const castingPackages = pgTable(
  "casting_packages",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    recipientCompany: text("recipient_company").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull().default(""),
    /** ko | en: the recipient's pages, the expired page and the agency's notices name it. */
    locale: text("locale").notNull().default("ko"),
    message: text("message").notNull().default(""),
    tokenHash: text("token_hash").notNull().unique(),
    tokenSealed: text("token_sealed").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdByLabel: text("created_by_label").notNull().default(""),
    /** The package this one was copied from (another recipient). */
    copiedFrom: integer("copied_from"),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    visitCount: integer("visit_count").notNull().default(0),
    /** The last answer notice queued: answers in a burst make one e-mail, not one each. */
    answerNoticeAt: timestamp("answer_notice_at", { withTimezone: true }),
    /** The package's PDF downloaded by the recipient (staff previews not counted), and the last time. */
    pdfDownloads: integer("pdf_downloads").notNull().default(0),
    lastPdfAt: timestamp("last_pdf_at", { withTimezone: true }),
    /** The last time the link was e-mailed to the recipient through the outbox. */
    linkSentAt: timestamp("link_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("casting_packages_locale_check", sql`${t.locale} in ('ko', 'en')`), index("casting_packages_created_idx").on(t.createdAt)],
);

/** The artists of a package, in the package's order, with the photos and credits chosen for it. */
export const castingPackageArtists = pgTable(
  "casting_package_artists",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => castingPackages.id, { onDelete: "cascade" }),
    artistId: integer("artist_id")
      .notNull()
      .references(() => artists.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    /** Media ids of the artist's photos to show, in order (the first is the card's photo). */
    photoIds: jsonb("photo_ids").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** Highlighted credits: `{ field, entry }` taken from the artist's career lists. */
    credits: jsonb("credits").$type<{ field: string; entry: string }[]>().notNull().default(sql`'[]'::jsonb`),
    note: text("note").notNull().default(""),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    openCount: integer("open_count").notNull().default(0),
    /**
     * The showreel chosen for the package: "provider:id" of one of the artist's reels, "" for none, null
     * for a package made before the choice existed (all of the artist's reels, as then).
     */
    reel: text("reel"),
    /** This artist's profile PDF downloaded from the package by the recipient. */
    pdfDownloads: integer("pdf_downloads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.artistId] })],
);

/** The recipient's answers: a mark (관심 있음 / 보류) and an optional message per artist. */
export const castingPackageAnswers = pgTable(
  "casting_package_answers",
  {
    id: serial("id").primaryKey(),
    packageId: integer("package_id")
      .notNull()
      .references(() => castingPackages.id, { onDelete: "cascade" }),
    artistId: integer("artist_id")
      .notNull()
      .references(() => artists.id, { onDelete: "cascade" }),
    /** interested | hold | null (a message alone). */
    mark: text("mark"),
    message: text("message").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("casting_package_answers_mark_check", sql`${t.mark} is null or ${t.mark} in ('interested', 'hold')`),
    index("casting_package_answers_package_idx").on(t.packageId, t.createdAt),
  ],
);

/**
 * The recipient's visits: a visit cookie names one (only its hash kept), and a request within the idle
 * timeout of its last one belongs to it; stored here so every app server counts alike.
 */
export const castingPackageVisits = pgTable(
  "casting_package_visits",
  {
    idHash: text("id_hash").primaryKey(),
    packageId: integer("package_id")
      .notNull()
      .references(() => castingPackages.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("casting_package_visits_package_idx").on(t.packageId)],
);
