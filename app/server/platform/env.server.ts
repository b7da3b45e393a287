import os from "node:os";
import path from "node:path";
import { englishZodMessages, z } from "../../domain/zod";
import { parseCron } from "./cron.server";

/** A TOTP secret as typed (spaces, hyphens, padding and case do not matter): upper-case base32. */
const normalizeTotpSecret = (v: string) => v.replace(/[\s=-]/g, "").toUpperCase();
/** Base32 of 16 to 64 bytes (RFC 4226 asks for 128 bits at least): 26 to 103 characters A-Z, 2-7. */
const isUsableTotpSecret = (v: string) => /^[A-Z2-7]{26,103}$/.test(normalizeTotpSecret(v));

/** Empty strings in the environment mean "unset". */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const booleanFlag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      if (["1", "true", "yes", "on"].includes(v)) return true;
      if (["0", "false", "no", "off"].includes(v)) return false;
      ctx.addIssue({ code: "custom", message: "must be true or false" });
      return z.NEVER;
    });

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// or postgresql:// URL");

/**
 * smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the first byte), with an optional
 * user:password (percent-encoded) and port. Nothing else: a path or query would be silently ignored.
 */
const smtpUrl = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a URL like smtp://user:password@mail.example.com:587 or smtps://..." });
      return;
    }
    if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
      ctx.addIssue({ code: "custom", message: "must start with smtp:// or smtps://" });
    } else if (!url.hostname) {
      ctx.addIssue({ code: "custom", message: "must name the mail server's host" });
    } else if ((url.pathname !== "" && url.pathname !== "/") || url.search || url.hash) {
      ctx.addIssue({ code: "custom", message: "takes no path or query: smtp[s]://[user:password@]host[:port]" });
    } else if (url.password && !url.username) {
      ctx.addIssue({ code: "custom", message: "has a password without a user name" });
    }
  });

/** `addr@host` or `Display Name <addr@host>`, on one line (it becomes a mail header). */
const mailFrom = z
  .string()
  .trim()
  .refine(
    (v) => /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(v),
    "must be an address like no-reply@example.com or WE ENTERTAINMENT <no-reply@example.com>",
  );

/**
 * A search engine's site verification code: only the `content` value of the `<meta>` tag it hands out
 * (letters, digits and - _ . = + /). A pasted whole tag is refused with a hint rather than printed into pages.
 */
const siteVerification = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (/[<>"]/.test(v)) ctx.addIssue({ code: "custom", message: 'must be only the content value of the <meta> tag (the part inside content="..."), not the whole tag' });
    else if (!/^[A-Za-z0-9_\-.=+/]{8,200}$/.test(v)) ctx.addIssue({ code: "custom", message: "must be the verification code (8-200 letters, digits or - _ . = + /)" });
  });

/**
 * An S3 bucket name as every S3-compatible service accepts it: 3-63 lowercase letters, digits, dots and
 * hyphens, starting and ending with a letter or digit.
 */
const bucketName = z
  .string()
  .trim()
  .refine((v) => /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v) && !v.includes(".."), "must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens");

/** The object store's address, e.g. https://s3.ap-northeast-2.amazonaws.com or http://minio.internal:9000. */
const s3Endpoint = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    let url: URL | null;
    try {
      url = new URL(v);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
      ctx.addIssue({ code: "custom", message: "must be an http:// or https:// URL like https://s3.ap-northeast-2.amazonaws.com" });
    } else if (url.username || url.password || url.search || url.hash) {
      ctx.addIssue({ code: "custom", message: "takes no credentials, query or fragment (use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)" });
    }
  });

/**
 * The base URL under which a CDN or public bucket serves the public media keys
 * (`${MEDIA_PUBLIC_URL}/2026/11/<name>.webp`). Pages print it as it is, so only plain URL characters
 * are accepted; a trailing slash is dropped.
 */
const mediaPublicUrl = z
  .string()
  .trim()
  .transform((v) => v.replace(/\/+$/, ""))
  .refine(
    (v) => /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9._~%-]+)*$/.test(v),
    "must be a base URL like https://cdn.example.com or https://bucket.s3.example.com/media (no query, no fragment)",
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATABASE_URL: optionalString.pipe(postgresUrl.optional()),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    // A request's statement gives up after this long (a locked table, a runaway query): its request
    // answers 503 before the client or a proxy gives up on it. 0: no limit.
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
    // Waiting for a row or table lock gives up sooner: a lock held that long is someone else's long job.
    DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    /**
     * App processes serving HTTP (production; decision 056). Unset: one per core, as many as the
     * machine's memory allows (`defaultWebConcurrency`). 1: a single process, as before.
     */
    WEB_CONCURRENCY: optionalString.pipe(z.coerce.number<string>().int().min(1).max(16).optional()),
    ADMIN_ID: optionalString.pipe(z.string().max(64).optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(10, "must be at least 10 characters").max(256).optional(),
    ),
    /**
     * The ADMIN_ID account's TOTP secret (base32, at least 16 bytes), enabled at start: lets scripts and
     * black-box tests pass the second sign-in step (decision 040). As sensitive as the password.
     */
    ADMIN_TOTP_SECRET: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => isUsableTotpSecret(v),
          "must be a base32 TOTP secret of at least 16 bytes (26+ characters A-Z, 2-7) / 2단계 인증 비밀값은 base32(A-Z, 2-7) 26자 이상이어야 합니다",
        )
        .transform(normalizeTotpSecret)
        .optional(),
    ),
    SESSION_SECRET: optionalString.pipe(
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    PUBLIC_ORIGIN: optionalString.pipe(
      z
        .url({ protocol: /^https?$/ })
        .transform((v) => new URL(v).origin)
        .optional(),
    ),
    KAKAO_MAP_APP_KEY: optionalString,
    TRUST_PROXY: optionalString,
    /** Origins allowed to call /api cross-site (comma-separated, exact origins). */
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const origins = (v ?? "").split(",").map((o) => o.trim()).filter(Boolean);
        for (const origin of origins) {
          let parsed: URL | null;
          try {
            parsed = new URL(origin);
          } catch {
            parsed = null;
          }
          if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
            ctx.addIssue({ code: "custom", message: `"${origin}" is not an origin like https://app.example.com` });
            return z.NEVER;
          }
        }
        return origins;
      }),
    SEED_DEMO_CONTENT: booleanFlag(true),
    /** On SIGTERM/SIGINT, how long requests under way may take to finish before they are cut off (exit 1). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Requests rendered at the same time; beyond it the server answers 503 with Retry-After. */
    MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(10_000).default(64),
    /** How far behind the event loop may run before new uncached requests are answered 503. */
    // Requests with a body and no signed session cookie (sign-in, auditions, API tokens, strangers)
    // served at once, in all and per client address; beyond: 503 at once (decision 036).
    MAX_ANONYMOUS_BODIES: z.coerce.number().int().min(1).max(10_000).default(16),
    MAX_ANONYMOUS_BODIES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(3),
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(100),
    /**
     * Tests only: let post saves fetch images from loopback and private addresses (the "other site"
     * of the tests runs on 127.0.0.1). Never set it in production: it opens the server to SSRF.
     */
    REMOTE_IMAGES_ALLOW_PRIVATE_HOSTS: booleanFlag(false),
    /** Serve anonymous public pages from memory (emptied on every content change). */
    PAGE_CACHE: booleanFlag(true),
    /**
     * After a change empties the page cache, how many of the pages visitors were reading (most recent
     * first) are rendered again in the background, so the next visitor gets a cached page. 0: none.
     */
    PAGE_CACHE_WARM: z.coerce.number().int().min(0).max(1000).default(50),
    /** How long a CDN keeps a public page or API read (s-maxage, seconds); browsers always revalidate. */
    CDN_MAX_AGE: z.coerce.number().int().min(0).max(31_536_000).default(60),
    /** How long a CDN may serve a stale public read while it fetches a fresh one (seconds). */
    CDN_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(31_536_000).default(300),
    /** Called (POST, JSON list of changed paths) after every content change, so a CDN drops its copies. */
    CDN_PURGE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** Sent as `Authorization: Bearer ...` to CDN_PURGE_URL. */
    CDN_PURGE_TOKEN: optionalString,
    /** Turns on /metrics (Prometheus), answered only to `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /** Outgoing mail server for notices (a new audition application). Unset: no e-mail at all. */
    SMTP_URL: optionalString.pipe(smtpUrl.optional()),
    /** The notices' From; default `WE ENTERTAINMENT <no-reply@host of PUBLIC_ORIGIN or the mail server>`. */
    MAIL_FROM: optionalString.pipe(mailFrom.optional()),
    /** Naver Search Advisor's site verification code: `<meta name="naver-site-verification">` on public pages. */
    NAVER_SITE_VERIFICATION: optionalString.pipe(siteVerification.optional()),
    /** Google Search Console's site verification code: `<meta name="google-site-verification">`. */
    GOOGLE_SITE_VERIFICATION: optionalString.pipe(siteVerification.optional()),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    /** Object storage (S3 or S3-compatible) for the media and private files. Unset: both under DATA_DIR. */
    S3_BUCKET: optionalString.pipe(bucketName.optional()),
    /** Unset: Amazon S3 itself. */
    S3_ENDPOINT: optionalString.pipe(s3Endpoint.optional()),
    /** Default us-east-1 (what most S3-compatible services expect when they have no regions). */
    S3_REGION: optionalString.pipe(z.string().regex(/^[a-z0-9-]{2,32}$/, "must be a region name like ap-northeast-2").optional()),
    /** Both or neither; neither: the SDK's own credential chain (an instance role, AWS_* variables). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted stores). */
    S3_FORCE_PATH_STYLE: booleanFlag(false),
    /** Where browsers fetch the public images from (a CDN or public bucket); unset: /media on this site. */
    MEDIA_PUBLIC_URL: optionalString.pipe(mediaPublicUrl.optional()),
    /** When the server makes a backup by itself: 5-field cron in Korea time, e.g. `30 3 * * *`. Unset: never. */
    BACKUP_CRON: optionalString.pipe(
      z
        .string()
        .superRefine((v, ctx) => {
          try {
            parseCron(v);
          } catch (error) {
            ctx.addIssue({ code: "custom", message: `is not a cron expression: ${(error as Error).message}` });
          }
        })
        .optional(),
    ),
    /** How many scheduled backups to keep (older ones are deleted after each new one). */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    /** Where scheduled backups go: `dir` (BACKUP_DIR) or `storage` (`backups/` of the private storage). */
    BACKUP_TARGET: z.enum(["dir", "storage"]).default("dir"),
    /** The directory of `BACKUP_TARGET=dir`; default DATA_DIR/backups. */
    BACKUP_DIR: optionalString,
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_ID === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_ID and ADMIN_PASSWORD must be set together",
      });
    }
    if (env.ADMIN_TOTP_SECRET !== undefined && env.ADMIN_ID === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_TOTP_SECRET"],
        message: "needs ADMIN_ID and ADMIN_PASSWORD (it is that account's second factor) / ADMIN_ID와 ADMIN_PASSWORD도 함께 설정해야 합니다",
      });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
      });
    }
    if (!env.S3_BUCKET) {
      for (const name of ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID"] as const) {
        if (env[name] !== undefined) {
          ctx.addIssue({ code: "custom", path: [name], message: "is set but S3_BUCKET is not: set S3_BUCKET to use object storage, or unset this" });
        }
      }
    }
  });

export type Env = Omit<z.output<typeof envSchema>, "DATA_DIR" | "LOG_LEVEL" | "BACKUP_DIR" | "WEB_CONCURRENCY"> & {
  /** How many app processes serve HTTP: WEB_CONCURRENCY, or `defaultWebConcurrency()` when unset (decision 056). */
  WEB_CONCURRENCY: number;
  /** Absolute path of the data directory (the embedded PostgreSQL, uploads, generated secrets). */
  DATA_DIR: string;
  /** Absolute path of the scheduled backups' directory. */
  BACKUP_DIR: string;
  LOG_LEVEL: NonNullable<z.output<typeof envSchema>["LOG_LEVEL"]>;
};

/** Memory set aside for the embedded PostgreSQL, the cluster's primary and the system (MB). */
const RESERVED_MEMORY_MB = 256;
/** Memory counted per app process (MB): one measured ~150-250 MB PSS after load (decision 056). */
const MEMORY_PER_PROCESS_MB = 256;

/**
 * WEB_CONCURRENCY's default: one app process per core, but no more than the memory holds, counting
 * 256 MB for PostgreSQL and the rest and 256 MB per process: min(cores, floor((MB − 256) / 256)),
 * at least 1, at most 16. The memory is the container's limit when there is one (cgroup:
 * `process.constrainedMemory()`), else the machine's: a 512 MB container gets one process on any
 * number of cores, 1 GB three, 2 GB seven.
 */
export function defaultWebConcurrency(
  cores: number = os.availableParallelism(),
  memoryBytes: number = usableMemoryBytes(),
): number {
  const byMemory = Math.floor((memoryBytes / 1024 / 1024 - RESERVED_MEMORY_MB) / MEMORY_PER_PROCESS_MB);
  return Math.max(1, Math.min(16, cores, byMemory));
}

/** The machine's memory, or the container's limit when lower (0 or a huge number means no limit). */
function usableMemoryBytes(): number {
  const total = os.totalmem();
  const limit = typeof process.constrainedMemory === "function" ? process.constrainedMemory() : 0;
  return limit > 0 && limit < total ? limit : total;
}

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * What says a server is deployed (behind a proxy or a CDN, or one of several app servers) rather than a
 * trial on one machine, and why it says so. Such a server must know its public address: without
 * PUBLIC_ORIGIN it takes it from each request's Host header and writes it into canonical and Open Graph
 * URLs, the sitemap, robots.txt and the feeds, which a cache that leaves the host out of its key would
 * serve to everyone (decision 053).
 */
const DEPLOYMENT_SIGNS: readonly { variable: keyof Env; says: string; present(env: Env): boolean }[] = [
  { variable: "CDN_PURGE_URL", says: "a CDN keeps the pages", present: (env) => env.CDN_PURGE_URL !== undefined },
  { variable: "MEDIA_PUBLIC_URL", says: "the images come from a CDN or a public bucket", present: (env) => env.MEDIA_PUBLIC_URL !== undefined },
  { variable: "TRUST_PROXY", says: "a proxy stands in front of the server", present: (env) => env.TRUST_PROXY !== undefined && env.TRUST_PROXY !== "false" },
  { variable: "S3_BUCKET", says: "the files are in object storage, shared by app servers", present: (env) => env.S3_BUCKET !== undefined },
  { variable: "DATABASE_URL", says: "PostgreSQL, the database several app servers share", present: (env) => env.DATABASE_URL !== undefined },
];

/** The variables that say this server is deployed, each with why (an empty list: a trial on one machine). */
export function deploymentSigns(env: Env): string[] {
  return DEPLOYMENT_SIGNS.filter((sign) => sign.present(env)).map((sign) => `${sign.variable} (${sign.says})`);
}

/**
 * The server's environment (`npm start`): loadEnv, and PUBLIC_ORIGIN required once anything says the
 * site is deployed. `npm start` with nothing set, the scripts (loadEnv) and the Vite dev server go on
 * without it; the workspace's overview then warns the owner (app/routes/admin/workspace/dashboard.server.ts).
 */
export function loadServerEnv(source: Record<string, string | undefined> = process.env): Env {
  const env = loadEnv(source);
  const signs = deploymentSigns(env);
  if (env.PUBLIC_ORIGIN || env.NODE_ENV === "development" || signs.length === 0) return env;
  throw new EnvError(
    [
      "Invalid environment configuration (see .env.example):",
      `  - PUBLIC_ORIGIN: must be set to the site's public address (e.g. PUBLIC_ORIGIN=https://www.we-entertainment.co.kr) on a deployed site: ${signs.join(", ")}.`,
      "    Without it the server takes its address from each request's Host header and writes it into canonical and Open Graph URLs,",
      "    the sitemap, robots.txt and the feeds, which a CDN or proxy cache that leaves the host out of its key serves to every visitor.",
    ].join("\n"),
  );
}

/** Validates the environment once, at start; a wrong variable stops the app with a clear message. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // The operator reads these at start, next to the variables' English messages: zod's English, not the
  // Korean map the site's users get.
  const parsed = envSchema.safeParse(source, { error: englishZodMessages });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration (see .env.example):\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    // One process per core, as the memory allows (decision 056); every process shares what a visitor or
    // staff member sees through the database (the site import's last dry run included, amendment 2).
    WEB_CONCURRENCY: env.WEB_CONCURRENCY ?? defaultWebConcurrency(),
    BACKUP_DIR: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups")),
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === "production" ? "info" : env.NODE_ENV === "test" ? "warn" : "debug"),
  };
}
