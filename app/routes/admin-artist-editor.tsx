import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-artist-editor";
import { LeaveGuard } from "../components/leave-guard";
import { ImageSlots } from "../islands/image-slots";
import { ListField } from "../islands/list-field";
import { MAX_ARTIST_IMAGES } from "../domain/constants";
import { artistInputSchema, fieldErrors } from "../domain/schemas";
import { useEditorDraft } from "../lib/use-editor-draft";
import { ARTIST_LIST_FIELDS, type ArtistListField } from "../domain/artist-fields";
import { deleteArtist, getArtistForAdmin, saveArtist } from "../server/artists/artists.server";
import { recordAudit } from "../server/platform/audit.server";
import { getAdminSession, requireAdminPage } from "../server/auth/sessions.server";
import { getRequestContext } from "../server/http/context.server";
import { setFlash } from "../server/http/flash.server";
import { ImageRejectedError, storeImage } from "../server/media/media.server";
import { isOversizeUpload, OVERSIZE_MESSAGE, parseAdminForm, RequestBodyError } from "../server/http/uploads.server";

const LIST_LABELS: Record<ArtistListField, { label: string; placeholder: string }> = {
  schoolList: { label: "학력", placeholder: "예: 한국예술종합학교 연기과 졸업" },
  winList: { label: "수상", placeholder: "예: 2025 청룡영화상 신인여우상" },
  hobbyList: { label: "특기", placeholder: "예: 현대무용" },
  movieList: { label: "영화", placeholder: "예: 2025 영화 〈제목〉 주연 '역할' 역" },
  dramaList: { label: "드라마", placeholder: "예: 2024 드라마 〈제목〉 조연 '역할' 역" },
  playList: { label: "연극", placeholder: "예: 2022 연극 〈제목〉 '역할' 역" },
  cfList: { label: "CF", placeholder: "예: 2024 브랜드 TV CF" },
  bookList: { label: "도서·화보", placeholder: "예: 2023 《매거진》 3월호 화보" },
};

type ArtistFormValues = {
  name: string;
  ename: string;
  birthday: string;
  cm: string;
  insta: string;
  isVisible: boolean;
  displayOrder: string;
  images: string[];
} & Record<ArtistListField, string[]>;

function emptyValues(): ArtistFormValues {
  return {
    name: "",
    ename: "",
    birthday: "",
    cm: "",
    insta: "",
    isVisible: true,
    displayOrder: "",
    images: Array.from({ length: MAX_ARTIST_IMAGES }, () => ""),
    schoolList: [],
    winList: [],
    hobbyList: [],
    movieList: [],
    dramaList: [],
    playList: [],
    cfList: [],
    bookList: [],
  };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { runtime, method } = getRequestContext(context);
  const session = await requireAdminPage(runtime.db, runtime.sessionSecret, request, method);
  if (!session) {
    // Re-rendering a refused submission: show only what was typed (from the action), nothing stored.
    return { mode: params.name === undefined ? ("create" as const) : ("edit" as const), values: emptyValues(), version: 0, originalName: params.name ?? null, confirmDelete: false };
  }
  if (params.name === undefined) return { mode: "create" as const, values: emptyValues(), version: 0, originalName: null, confirmDelete: false };
  const artist = await getArtistForAdmin(runtime.db, params.name);
  if (!artist) throw data(null, { status: 404 });
  const values: ArtistFormValues = {
    name: artist.name,
    ename: artist.ename,
    birthday: artist.birthday,
    cm: artist.cm,
    insta: artist.insta,
    isVisible: artist.isVisible,
    displayOrder: String(artist.displayOrder),
    images: Array.from({ length: MAX_ARTIST_IMAGES }, (_, i) => artist.images[i]?.url ?? ""),
    schoolList: artist.schoolList,
    winList: artist.winList,
    hobbyList: artist.hobbyList,
    movieList: artist.movieList,
    dramaList: artist.dramaList,
    playList: artist.playList,
    cfList: artist.cfList,
    bookList: artist.bookList,
  };
  return {
    mode: "edit" as const,
    values,
    version: artist.version,
    originalName: artist.name,
    confirmDelete: new URL(request.url).searchParams.has("delete"),
  };
}

/** List entries from either form shape: one hidden input per entry, or a textarea with one per line. */
function listEntries(form: FormData, name: string): string[] {
  return form
    .getAll(name)
    .flatMap((v) => (typeof v === "string" ? v.split(/\r?\n/) : []))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { runtime, logger } = getRequestContext(context);
  const session = await getAdminSession(runtime.db, runtime.sessionSecret, request);

  let form: FormData;
  try {
    form = await parseAdminForm(request, Array.from({ length: MAX_ARTIST_IMAGES }, (_, i) => `imageFile${i}`));
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return data(
      { formError: error.message, fields: {} as Record<string, string>, imageErrors: {} as Record<number, string>, values: null, conflictVersion: null, expired: false },
      { status: error.status },
    );
  }

  const values: ArtistFormValues = {
    name: String(form.get("name") ?? ""),
    ename: String(form.get("ename") ?? ""),
    birthday: String(form.get("birthday") ?? ""),
    cm: String(form.get("cm") ?? ""),
    insta: String(form.get("insta") ?? ""),
    isVisible: form.get("isVisible") === "1",
    displayOrder: String(form.get("displayOrder") ?? ""),
    images: Array.from({ length: MAX_ARTIST_IMAGES }, (_, i) => (form.get(`removeImage${i}`) ? "" : String(form.get(`image${i}`) ?? ""))),
    ...(Object.fromEntries(ARTIST_LIST_FIELDS.map((f) => [f, listEntries(form, f)])) as Record<ArtistListField, string[]>),
  };
  const reply = (status: number, formError: string, extra: { fields?: Record<string, string>; imageErrors?: Record<number, string>; conflictVersion?: number | null; expired?: boolean } = {}) =>
    data(
      { formError, fields: extra.fields ?? {}, imageErrors: extra.imageErrors ?? {}, values, conflictVersion: extra.conflictVersion ?? null, expired: extra.expired ?? false },
      { status },
    );

  if (!session) {
    return reply(401, "로그인이 만료되었습니다. 입력한 내용은 그대로 있습니다. 새 창에서 다시 로그인한 뒤 저장해 주세요.", { expired: true });
  }

  if (form.get("intent") === "delete") {
    if (params.name === undefined || !(await deleteArtist(runtime.db, params.name))) throw data(null, { status: 404 });
    await recordAudit(runtime.db, { adminId: session.adminId, action: "delete", entity: "artist", entityId: params.name });
    return redirect("/artist", { headers: { "Set-Cookie": await setFlash("artist-deleted") } });
  }

  // Photos sent with the form (no JavaScript) go through the media pipeline first, so a text error
  // below does not cost the administrator the chosen photos: they come back as stored images.
  const imageErrors: Record<number, string> = {};
  for (let i = 0; i < MAX_ARTIST_IMAGES; i++) {
    const file = form.get(`imageFile${i}`);
    if (isOversizeUpload(file)) {
      imageErrors[i] = OVERSIZE_MESSAGE;
      continue;
    }
    if (!(file instanceof File) || file.size === 0) continue;
    try {
      values.images[i] = (await storeImage(runtime.db, runtime.storage, new Uint8Array(await file.arrayBuffer()))).url;
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      imageErrors[i] = error.message;
    }
  }

  const parsed = artistInputSchema.safeParse({ ...values, imgList: values.images.filter(Boolean) });
  const fields = parsed.success ? {} : fieldErrors(parsed.error);
  const displayOrder = values.displayOrder.trim() === "" ? null : Number(values.displayOrder);
  if (displayOrder !== null && (!Number.isInteger(displayOrder) || displayOrder < 0 || displayOrder > 100_000)) {
    fields.displayOrder = "표시 순서는 0 이상의 정수로 입력해 주세요.";
  }
  if (!parsed.success || Object.keys(fields).length > 0 || Object.keys(imageErrors).length > 0) {
    const status = Object.values(imageErrors).includes(OVERSIZE_MESSAGE) ? 413 : 400;
    return reply(status, "입력한 내용을 확인해 주세요.", { fields, imageErrors });
  }

  const overwrite = form.get("overwriteVersion");
  const expectedVersion = Number(overwrite ?? form.get("version"));
  const { imgList, ...fieldValues } = parsed.data;
  const result = await saveArtist(runtime.db, {
    existingName: params.name ?? null,
    fields: fieldValues,
    imageUrls: imgList,
    isVisible: values.isVisible,
    displayOrder,
    expectedVersion: Number.isInteger(expectedVersion) ? expectedVersion : -1,
  });
  switch (result.status) {
    case "not-found":
      throw data(null, { status: 404 });
    case "duplicate-name":
      return reply(409, "같은 이름의 배우가 이미 있습니다. 다른 이름을 입력해 주세요.", { fields: { name: "같은 이름의 배우가 이미 있습니다." } });
    case "unknown-image":
      return reply(400, "사진 정보가 올바르지 않습니다. 사진을 다시 올려 주세요.");
    case "conflict":
      return reply(
        409,
        "다른 곳에서 이 배우 정보가 먼저 수정되었습니다. 입력한 내용은 그대로 있습니다. 최신 정보를 새 창에서 확인한 뒤, 덮어쓰려면 ‘내 내용으로 저장’을 누르세요.",
        { conflictVersion: result.version },
      );
    case "saved":
      break;
  }
  const created = params.name === undefined;
  await recordAudit(runtime.db, { adminId: session.adminId, action: created ? "create" : "update", entity: "artist", entityId: result.id, details: { name: result.name } });
  logger.info({ artist: result.id }, created ? "artist created" : "artist updated");
  return redirect("/artist", { headers: { "Set-Cookie": await setFlash(created ? "artist-created" : "artist-updated") } });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.mode === "edit" ? "배우 정보 수정" : "배우 등록"} | WE ENTERTAINMENT 관리자` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function AdminArtistEditor({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.confirmDelete && loaderData.originalName) return <DeleteConfirm name={loaderData.originalName} />;
  return <ArtistForm key={loaderData.originalName ?? "new"} loaderData={loaderData} actionData={actionData} />;
}

function ArtistForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const draft = useEditorDraft<ArtistFormValues>(`artist:${loaderData.originalName ?? "new"}`, loaderData.values, actionData?.values ?? undefined);
  const { values, setValues } = draft;
  const [uploading, setUploading] = useState(false);
  const fields: Record<string, string> = actionData?.fields ?? {};
  const set = <K extends keyof ArtistFormValues>(key: K, value: ArtistFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const textField = (key: "name" | "ename" | "birthday" | "cm" | "insta", label: string, props: Record<string, unknown> = {}) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        name={key}
        type="text"
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={fields[key] ? true : undefined}
        aria-describedby={fields[key] ? `${key}-error` : undefined}
        {...props}
      />
      {fields[key] ? (
        <span className="field__error" id={`${key}-error`}>
          {fields[key]}
        </span>
      ) : null}
    </label>
  );
  const profilePath = loaderData.originalName ? `/artist/${encodeURIComponent(loaderData.originalName)}` : "/artist";

  return (
    <section className="admin-editor" aria-labelledby="editor-title">
      <header className="admin-editor__header">
        <p className="admin-editor__eyebrow">ADMIN</p>
        <h1 id="editor-title" className="admin-editor__title">
          {loaderData.mode === "edit" ? "배우 정보 수정" : "배우 등록"}
        </h1>
      </header>
      {draft.restored ? (
        <p className="form-notice" role="status">
          저장하지 않은 임시 입력을 불러왔습니다.{" "}
          <button type="button" className="link-button" onClick={draft.discardDraft}>
            임시 입력 지우기
          </button>
        </p>
      ) : null}
      {actionData?.formError ? (
        <div className="form-error" role="alert">
          <p>{actionData.formError}</p>
          {actionData.expired ? (
            <p>
              <a href="/adminLogin" target="_blank" rel="noopener">
                새 창에서 로그인하기
              </a>
            </p>
          ) : null}
          {actionData.conflictVersion !== null ? (
            <p>
              <a href={profilePath} target="_blank" rel="noopener">
                최신 정보 새 창에서 보기
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
        <input type="hidden" name="version" value={loaderData.version} />
        <div className="admin-form__grid">
          {textField("name", "이름", { required: true, maxLength: 30, autoComplete: "off" })}
          {textField("ename", "영문 이름", { maxLength: 60, lang: "en", autoComplete: "off" })}
          {textField("birthday", "생년월일", { maxLength: 30, placeholder: "예: 1995.03.14" })}
          {textField("cm", "키 (cm)", { maxLength: 10, inputMode: "numeric" })}
          {textField("insta", "SNS 주소", { maxLength: 300, type: "url", placeholder: "https://www.instagram.com/..." })}
          <label className="field">
            <span className="field__label">표시 순서</span>
            <input
              name="displayOrder"
              type="number"
              min={0}
              value={values.displayOrder}
              onChange={(e) => set("displayOrder", e.target.value)}
              aria-describedby="displayOrder-hint"
            />
            <span className="field__hint" id="displayOrder-hint">
              작은 숫자가 먼저 보입니다. 비워 두면 맨 뒤에 놓입니다.
            </span>
            {fields.displayOrder ? <span className="field__error">{fields.displayOrder}</span> : null}
          </label>
          <label className="field field--checkbox">
            <input name="isVisible" type="checkbox" value="1" checked={values.isVisible} onChange={(e) => set("isVisible", e.target.checked)} />
            <span>사이트에 공개</span>
          </label>
        </div>

        <ImageSlots
          urls={values.images}
          onChange={(images) => set("images", images)}
          onBusyChange={setUploading}
          errors={actionData?.imageErrors ?? {}}
        />
        {fields.imgList ? <p className="field__error">{fields.imgList}</p> : null}

        <div className="admin-form__lists">
          {ARTIST_LIST_FIELDS.map((key) => (
            <ListField
              key={key}
              name={key}
              label={LIST_LABELS[key].label}
              placeholder={LIST_LABELS[key].placeholder}
              entries={values[key]}
              onChange={(entries) => set(key, entries)}
              error={fields[key]}
            />
          ))}
        </div>

        <div className="admin-form__actions">
          <Link to={profilePath} className="button button--ghost">
            취소
          </Link>
          {actionData?.conflictVersion != null ? (
            <button type="submit" name="overwriteVersion" value={actionData.conflictVersion} className="button button--danger" disabled={saving}>
              내 내용으로 저장
            </button>
          ) : null}
          <button type="submit" name="intent" value="save" className="button" disabled={saving || uploading}>
            {saving ? "저장 중..." : "저장"}
          </button>
        </div>
      </Form>
      <LeaveGuard blocker={draft.blocker} />
    </section>
  );
}

function DeleteConfirm({ name }: { name: string }) {
  return (
    <section className="admin-editor admin-confirm" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="admin-editor__title">
        배우 삭제
      </h1>
      <p>‘{name}’ 배우의 프로필을 삭제할까요? 삭제한 프로필은 되돌릴 수 없습니다.</p>
      <Form method="post" className="admin-form__actions">
        <Link to={`/artist/${encodeURIComponent(name)}`} className="button button--ghost">
          취소
        </Link>
        <button type="submit" name="intent" value="delete" className="button button--danger">
          삭제
        </button>
      </Form>
    </section>
  );
}
