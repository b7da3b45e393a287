import { and, asc, eq, isNull } from "drizzle-orm";
import { castingPackageArtists, castingPackages } from "../../../drizzle/schema";
import type { ArtistListField } from "../../domain/artist-fields";
import { CREDIT_FIELDS, MAX_PACKAGE_ARTISTS, MAX_PACKAGE_MESSAGE, MAX_PACKAGE_NOTE, MAX_PACKAGE_TITLE, PACKAGE_DEFAULT_DAYS, PACKAGE_MAX_DAYS } from "../../domain/casting-packages";
import type { Locale } from "../../domain/locale";
import { reelKey } from "../../domain/reels";
import { castingPackagePath } from "../../domain/paths";
import { getArtistById } from "../artists/artist-queries.server";
import { queueMail } from "../mail/outbox.server";
import { recordAudit } from "../platform/audit.server";
import type { Database, Tx } from "../platform/db.server";
import { nowOf, type Actor, type Services } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";
import { DAY_MS, defaultLastDay, expiryOfDay, lastDayOf, newToken, packageState, packageToken } from "./package-link.server";
import { packageLinkMail } from "./package-mail.server";

/**
 * The agency's use cases of casting packages (decision 047): create, duplicate, revoke, extend, send the
 * link, delete. Each checks the form, writes and audits in one transaction.
 */

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
      { title, ...recipient, locale, message, expiresAt, createdBy: actor.staffId, createdByLabel: actor.label ?? "", createdAt: now, updatedAt: now },
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
      { title: source.title, ...recipient, locale: source.locale, message: source.message, expiresAt, copiedFrom: source.id, createdBy: actor.staffId, createdByLabel: actor.label ?? "", createdAt: now, updatedAt: now },
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
 * E-mails the link to the recipient through the outbox, in the package's language (package-mail.server.ts).
 * Only while the link is open, and only to the address the package was made with.
 */
export async function sendPackageLink(services: Services, serverSecret: string, actor: Actor, id: number): Promise<{ ok: true; to: string } | PackageRefusal> {
  const mail = services.mail;
  if (!mail) return { ok: false, message: "이 서버에는 메일 보내기가 설정되어 있지 않습니다. 링크를 복사해 직접 전해 주세요.", errors: {} };
  const now = nowOf(services);
  const outcome = await services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(castingPackages).where(eq(castingPackages.id, id)).for("update").limit(1);
    if (!row) return { ok: false as const, message: "패키지를 찾지 못했습니다. 목록을 새로 고쳐 주세요.", errors: {} };
    if (packageState(row, now) !== "open") return { ok: false as const, message: "닫혔거나 기간이 끝난 링크는 보낼 수 없습니다.", errors: {} };
    if (!row.recipientEmail) return { ok: false as const, message: "받는 사람 이메일이 없습니다. 복제하면서 이메일을 적어 새 링크를 만드세요.", errors: {} };
    const token = packageToken(serverSecret, row);
    if (!token) return { ok: false as const, message: "링크를 다시 만들 수 없습니다. 패키지를 복제해 새 링크를 만드세요.", errors: {} };
    const settings = await getSiteSettings(tx);
    const { subject, text } = packageLinkMail(row, settings, `${mail.publicOrigin}${castingPackagePath(token)}`, lastDayOf(row.expiresAt));
    await queueMail(tx, { to: row.recipientEmail, subject, text });
    await tx.update(castingPackages).set({ linkSentAt: now }).where(eq(castingPackages.id, id));
    await recordAudit(tx, actor, { action: "send-link", entity: "casting-package", entityId: id, details: { title: row.title } });
    return { ok: true as const, to: row.recipientEmail };
  });
  // Sent now, not at the scheduler's next regular pass (up to a minute later).
  if (outcome.ok) services.scheduler?.wake();
  return outcome;
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
