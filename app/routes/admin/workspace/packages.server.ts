import { data, redirect } from "react-router";
import { artistFieldLabel, type ArtistListField } from "../../../domain/artist-fields";
import { CREDIT_FIELDS, MARK_LABELS_KO, PACKAGE_LOCALE_LABELS, type PackageMark } from "../../../domain/casting-packages";
import { formatKst } from "../../../domain/kst";
import { packageAdminPath, WORKSPACE_PATHS } from "../../../domain/paths";
import { kstDate } from "../../../domain/kst";
import { reelKey, reelName, reelWatchUrl } from "../../../domain/reels";
import type { FlashCode } from "../../../lib/flash-messages";
import { toResponsiveImage } from "../../../lib/responsive-image";
import { listArtists } from "../../../server/artists/artist-queries.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import { staffActor, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { defaultLastDay, lastDayOf, type PackageState } from "../../../server/packages/package-link.server";
import { currentMarks, listPackages, readPackageForStaff } from "../../../server/packages/package-queries.server";
import { packageDeletionDate } from "../../../server/packages/package-retention.server";
import {
  createPackage,
  deletePackage,
  duplicatePackage,
  extendPackage,
  revokePackage,
  sendPackageLink,
  type PackageArtistChoice,
} from "../../../server/packages/package-use-cases.server";
import { nowOf } from "../../../server/platform/services.server";

/** The workspace's pages of casting packages (decision 047): the list, the new package's form, one package. */

export const PACKAGE_STATE_LABELS: Record<PackageState, string> = { open: "열림", expired: "기간 끝남", revoked: "닫음" };

const dateOrNull = (date: Date | null) => (date ? formatKst(date) : null);

/** A package id from the address: a positive 32-bit integer (the column's range), else null. */
function packageIdOf(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null;
}

/** /admin/packages */
export async function loadPackages(ctx: RequestContext) {
  const packages = await listPackages(ctx.runtime);
  return {
    packages: packages.map((p) => ({
      id: p.id,
      href: packageAdminPath(p.id),
      title: p.title,
      recipient: `${p.recipientCompany} · ${p.recipientName}`,
      localeLabel: PACKAGE_LOCALE_LABELS[p.locale],
      state: p.state,
      stateLabel: PACKAGE_STATE_LABELS[p.state],
      createdAt: formatKst(p.createdAt),
      createdBy: p.createdByLabel,
      lastDay: lastDayOf(p.expiresAt),
      firstOpenedAt: dateOrNull(p.firstOpenedAt),
      lastOpenedAt: dateOrNull(p.lastOpenedAt),
      visitCount: p.visitCount,
      artistCount: p.artistCount,
      openedArtistCount: p.openedArtistCount,
      answerCount: p.answerCount,
      pdfDownloads: p.pdfDownloads,
    })),
  };
}

/** /admin/packages/new: the roster to choose from, each artist with their photos and credits. */
export async function loadPackageForm(ctx: RequestContext) {
  const roster = await listArtists(ctx.runtime.db, "admin-site");
  return {
    defaultLastDay: defaultLastDay(nowOf(ctx.runtime)),
    artists: roster.map((artist) => ({
      id: artist.id,
      name: artist.name,
      nameEn: artist.nameEn,
      photos: artist.images.map((image, index) => ({ id: image.id, src: toResponsiveImage(image).src, label: index === 0 ? "대표 사진" : `사진 ${index + 1}` })),
      credits: CREDIT_FIELDS.map((field) => ({ field, label: artistFieldLabel(field, "ko"), entries: (artist as unknown as Record<ArtistListField, string[]>)[field] })).filter((f) => f.entries.length > 0),
      reels: artist.reels.map((reel, index) => ({ key: reelKey(reel), label: reelName(reel, index, artist.name, "ko"), url: reelWatchUrl(reel) })),
    })),
    /** No SMTP_URL: the form says at the e-mail field that the link is to be passed on by hand. */
    mailOff: ctx.runtime.mail === undefined,
  };
}

/** What the form had chosen for an artist, shown again after a refusal (nothing chosen is lost). */
export interface ArtistFormChoice {
  order: string;
  photos: string[];
  credits: string[];
  note: string;
  /** The showreel radio's value: a reel's key, or "none". */
  reel: string;
}

export interface PackageFormReply {
  formError: string | null;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** By artist id: the artists checked, with their choices. */
  choices: Record<string, ArtistFormChoice>;
}

const reply = (status: number, body: Partial<PackageFormReply> & { formError: string }) => data<PackageFormReply>({ errors: {}, values: {}, choices: {}, ...body }, { status });

function formChoices(form: FormData): Record<string, ArtistFormChoice> {
  const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  const choices: Record<string, ArtistFormChoice> = {};
  for (const id of strings("artist").filter((v) => /^\d{1,10}$/.test(v)).slice(0, 200)) {
    choices[id] = { order: (strings(`order-${id}`)[0] ?? "").slice(0, 4), photos: strings(`photo-${id}`), credits: strings(`credit-${id}`), note: (strings(`note-${id}`)[0] ?? "").slice(0, 1000), reel: (strings(`reel-${id}`)[0] ?? "").slice(0, 200) };
  }
  return choices;
}

async function goTo(path: string, code: FlashCode) {
  return redirect(path, { headers: { "Set-Cookie": await setFlash(code) } });
}

function textOf(form: FormData) {
  return (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
}

/**
 * The artists the form chose: every checked `artist`, ordered by its `order-{id}` (then the form's order),
 * with its `photo-{id}` and `credit-{id}` ("field|entry") choices and `note-{id}`.
 */
function chosenArtists(form: FormData): PackageArtistChoice[] {
  const text = textOf(form);
  const ids = [...new Set(form.getAll("artist").map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647))];
  const chosen = ids.map((artistId, index) => {
    const order = Number(text(`order-${artistId}`));
    return {
      order: Number.isFinite(order) && text(`order-${artistId}`).trim() !== "" ? order : 1000 + index,
      index,
      choice: {
        artistId,
        photoIds: form.getAll(`photo-${artistId}`).map(Number).filter((id) => Number.isSafeInteger(id) && id > 0),
        credits: form
          .getAll(`credit-${artistId}`)
          .filter((v): v is string => typeof v === "string" && v.includes("|"))
          .map((v) => ({ field: v.slice(0, v.indexOf("|")), entry: v.slice(v.indexOf("|") + 1) })),
        note: text(`note-${artistId}`),
        // "none": no showreel; absent (an artist without reels): the use case decides.
        reel: form.has(`reel-${artistId}`) ? (text(`reel-${artistId}`) === "none" ? "" : text(`reel-${artistId}`)) : null,
      },
    };
  });
  return chosen.sort((a, b) => a.order - b.order || a.index - b.index).map((c) => c.choice);
}

/** The new package's form: created, then its page (with the link to copy). */
export async function handleCreatePackage(ctx: RequestContext, request: Request) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return reply(read.refused.init?.status ?? 400, { formError: read.refused.data.formError });
  const { form } = read;
  const text = textOf(form);
  const actor = staffActor(staffSessionOf(ctx), ctx);
  const values = {
    title: text("title"),
    recipientCompany: text("recipientCompany"),
    recipientName: text("recipientName"),
    recipientEmail: text("recipientEmail"),
    locale: text("locale"),
    message: text("message"),
    expiresOn: text("expiresOn"),
  };
  // "만들고 이메일로 보내기" (decision 066): the address is needed, and the server must be able to send.
  const send = text("intent") === "create-send";
  if (send && (ctx.runtime.mail === undefined || values.recipientEmail.trim() === "")) {
    const message = ctx.runtime.mail === undefined ? "메일 발송이 설정되지 않아 보낼 수 없습니다. ‘패키지 만들기’로 만든 뒤 링크를 직접 전해 주세요." : "링크를 보내려면 받는 사람 이메일을 적어 주세요.";
    return reply(400, { formError: "입력한 내용을 확인해 주세요.", errors: { recipientEmail: message }, values, choices: formChoices(form) });
  }
  const outcome = await createPackage(ctx.runtime, ctx.runtime.sessionSecret, actor, { ...values, artists: chosenArtists(form) });
  if (!outcome.ok) return reply(400, { formError: outcome.message, errors: outcome.errors, values, choices: formChoices(form) });
  if (!send) return goTo(packageAdminPath(outcome.id), "package-created");
  const sent = await sendPackageLink(ctx.runtime, ctx.runtime.sessionSecret, actor, outcome.id);
  // Made but not sent (the link closed meanwhile, say): the package's page says what happened.
  return goTo(packageAdminPath(outcome.id), sent.ok ? "package-created-sent" : "package-created");
}

/** /admin/packages/:id */
export async function loadPackage(ctx: RequestContext, request: Request, idParam: string | undefined) {
  const id = packageIdOf(idParam);
  const found = id !== null ? await readPackageForStaff(ctx.runtime, ctx.runtime.sessionSecret, id) : null;
  if (!found) throw data(null, { status: 404 });
  const { row, state, link, pdfLink, artists, answers } = found;
  const marks = currentMarks(answers);
  const names = new Map(artists.map((a) => [a.artist.id, a.artist.name]));
  return {
    id: row.id,
    title: row.title,
    recipientCompany: row.recipientCompany,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    localeLabel: PACKAGE_LOCALE_LABELS[row.locale === "en" ? "en" : "ko"],
    message: row.message,
    state,
    stateLabel: PACKAGE_STATE_LABELS[state],
    link: link ? new URL(link, request.url).href : null,
    lastDay: lastDayOf(row.expiresAt),
    defaultLastDay: defaultLastDay(nowOf(ctx.runtime)),
    createdAt: formatKst(row.createdAt),
    createdBy: row.createdByLabel,
    firstOpenedAt: dateOrNull(row.firstOpenedAt),
    lastOpenedAt: dateOrNull(row.lastOpenedAt),
    visitCount: row.visitCount,
    revokedAt: dateOrNull(row.revokedAt),
    pdfDownloads: row.pdfDownloads,
    lastPdfAt: dateOrNull(row.lastPdfAt),
    linkSentAt: dateOrNull(row.linkSentAt),
    /** Staff open it as a preview: not counted as the recipient's download. */
    pdfHref: state === "open" ? pdfLink : null,
    canSend: state === "open" && row.recipientEmail !== "" && ctx.runtime.mail !== undefined,
    mailOff: ctx.runtime.mail === undefined,
    deletionDay: kstDate(packageDeletionDate(row)),
    artists: artists.map((a) => {
      const mark: PackageMark | undefined = marks.get(a.artist.id);
      return {
        id: a.artist.id,
        name: a.artist.name,
        photoCount: a.photoIds.length,
        credits: a.credits.map((c) => c.entry),
        note: a.note,
        reel: a.reels.map((reel, index) => reelName(reel, index, a.artist.name, "ko")).join(", "),
        openedAt: dateOrNull(a.firstOpenedAt),
        pdfDownloads: a.pdfDownloads,
        markLabel: mark ? MARK_LABELS_KO[mark] : null,
      };
    }),
    answers: answers.map((a) => ({ id: a.id, artist: names.get(a.artistId) ?? "-", markLabel: a.mark ? MARK_LABELS_KO[a.mark] : null, message: a.message, at: formatKst(a.createdAt) })),
  };
}

/** Revoke, extend or duplicate one package. */
export async function handlePackageAction(ctx: RequestContext, request: Request, idParam: string | undefined) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return reply(read.refused.init?.status ?? 400, { formError: read.refused.data.formError });
  const text = textOf(read.form);
  const id = packageIdOf(idParam);
  if (id === null) return reply(404, { formError: "패키지를 찾지 못했습니다." });
  const actor = staffActor(staffSessionOf(ctx), ctx);
  const intent = text("intent");
  if (intent === "revoke") {
    const outcome = await revokePackage(ctx.runtime, actor, id);
    if (!outcome.ok) return reply(409, { formError: outcome.message });
    return goTo(packageAdminPath(id), "package-revoked");
  }
  if (intent === "extend") {
    const values = { expiresOn: text("expiresOn") };
    const outcome = await extendPackage(ctx.runtime, actor, id, values.expiresOn);
    if (!outcome.ok) return reply(400, { formError: outcome.message, errors: outcome.errors, values });
    return goTo(packageAdminPath(id), "package-extended");
  }
  if (intent === "duplicate") {
    const values = { recipientCompany: text("recipientCompany"), recipientName: text("recipientName"), recipientEmail: text("recipientEmail"), expiresOn: text("copyExpiresOn") };
    const outcome = await duplicatePackage(ctx.runtime, ctx.runtime.sessionSecret, actor, id, values);
    if (!outcome.ok) {
      const errors = Object.fromEntries(Object.entries(outcome.errors).map(([k, v]) => [k === "expiresOn" ? "copyExpiresOn" : k, v]));
      return reply(400, { formError: outcome.message, errors, values: { ...values, copyExpiresOn: values.expiresOn } });
    }
    return goTo(packageAdminPath(outcome.id), "package-duplicated");
  }
  if (intent === "send") {
    const outcome = await sendPackageLink(ctx.runtime, ctx.runtime.sessionSecret, actor, id);
    if (!outcome.ok) return reply(409, { formError: outcome.message });
    return goTo(packageAdminPath(id), "package-sent");
  }
  if (intent === "delete") {
    if (text("confirmDelete") !== "yes") {
      return reply(400, { formError: "입력한 내용을 확인해 주세요.", errors: { confirmDelete: "지우려면 확인란에 표시해 주세요." } });
    }
    const outcome = await deletePackage(ctx.runtime, actor, id);
    if (!outcome.ok) return reply(409, { formError: outcome.message });
    return goTo(WORKSPACE_PATHS.packages, "package-deleted");
  }
  return reply(400, { formError: "알 수 없는 요청입니다." });
}

