import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { ArtistEnglishFormValues, ArtistFields } from "../../domain/artist-fields";
import type { LibraryPage } from "../../domain/media-uses";
import { ARTIST_STATUS_HINTS, ARTIST_STATUS_LABELS, type ArtistStatus } from "../../domain/content-states";
import { artistPath, PATHS, WORKSPACE_PATHS } from "../../domain/paths";
import { ImageSlots } from "../../islands/image-slots";
import { ReelsField } from "../../islands/reels-field";
import type { ReelFormValue } from "../../domain/reels";
import type { StaffFormReply } from "../../lib/admin-form-reply";
import { useEditorDraft } from "../../lib/use-editor-draft";
import { AdminFormShell, DefaultSave, FormActions } from "./admin-form-shell";
import { ArtistEnglishInputs, ArtistListInputs, ArtistTextInputs } from "./artist-fields";
import { Field, FieldError } from "../../widgets/field";

/** What the artist form holds: the artist fields, state, order, and one image URL per slot. */
export type ArtistFormValues = ArtistFields & {
  /** The English profile, every field present in the form (empty: not entered). */
  en: ArtistEnglishFormValues;
  status: ArtistStatus;
  displayOrder: string;
  images: string[];
  /** Showreels: the address (ours once saved, as typed when refused) and the title, in order (decision 046). */
  reels: ReelFormValue[];
};

/** The states offered, in the order a roster's life goes. */
const ARTIST_STATUS_CHOICES: ArtistStatus[] = ["public", "hidden", "draft", "former"];

/**
 * The artist form (requirements R8.4): text fields, visibility and order, five photo slots and the eight
 * list fields and the English profile, all drawn from the field model (app/domain/artist-fields.ts).
 */
export function ArtistForm({
  mode,
  originalName,
  saved,
  version,
  reply,
  library,
  tools,
}: {
  /** Under the heading: view on the site and delete (edit mode). */
  tools?: React.ReactNode;
  /** Stored images each photo slot can pick instead of uploading again. */
  library?: LibraryPage;
  mode: "create" | "edit";
  originalName: string | null;
  saved: ArtistFormValues;
  version: number;
  reply: StaffFormReply<ArtistFormValues> | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const draft = useEditorDraft<ArtistFormValues>(`artist:${originalName ?? "new"}`, saved, reply?.values ?? undefined);
  const { values, setValues } = draft;
  const [uploading, setUploading] = useState(false);
  const fields = reply?.fields ?? {};
  const set = <K extends keyof ArtistFormValues>(key: K, value: ArtistFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const profilePath = originalName ? artistPath(originalName) : PATHS.artists;

  return (
    <AdminFormShell
      title={mode === "edit" ? "배우 정보 수정" : "배우 등록"}
      reply={reply}
      draft={draft}
      draftNoun="임시 입력"
      tools={tools}
      latest={{ href: profilePath, label: "최신 정보 새 창에서 보기" }}
    >
      <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
        <input type="hidden" name="version" value={version} />
        <DefaultSave />
        <div className="admin-form__grid">
          <ArtistTextInputs values={values} errors={fields} onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))} />
          <Field name="displayOrder" label="표시 순서" hint="작은 숫자가 먼저 보입니다. 비워 두면 맨 뒤에 놓입니다." error={fields.displayOrder}>
            {(control) => <input type="number" {...control} min={0} value={values.displayOrder} onChange={(e) => set("displayOrder", e.target.value)} />}
          </Field>
        </div>

        <fieldset className="field choice-group">
          <legend className="field__label">공개 상태</legend>
          {ARTIST_STATUS_CHOICES.map((status) => (
            <label key={status} className="choice">
              <input type="radio" name="status" value={status} checked={values.status === status} onChange={() => set("status", status)} />
              <span className="choice__label">{ARTIST_STATUS_LABELS[status]}</span>
              <span className="choice__hint">{ARTIST_STATUS_HINTS[status]}</span>
            </label>
          ))}
        </fieldset>

        <ImageSlots library={library ? { ...library, search: reply?.librarySearch ?? null } : undefined} urls={values.images} onChange={(images) => set("images", images)} onBusyChange={setUploading} errors={reply?.imageErrors ?? {}} />
        <FieldError name="imageUrls" error={fields.imageUrls} as="p" />

        <ReelsField reels={values.reels ?? []} onChange={(reels) => set("reels", reels)} error={fields.reels} arrivalFocus={reply?.arrivalFocus ?? null} />

        <ArtistListInputs values={values} errors={fields} arrivalFocus={reply?.arrivalFocus ?? null} onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))} />

        <fieldset className="field english-version">
          <legend className="field__label">영문 프로필 (선택)</legend>
          <p className="field__hint">
            영문 사이트(/en)의 프로필에 보입니다. 영문 이름은 위의 ‘영문 이름’을 씁니다. 비워 둔 항목은 영문 페이지에 한글로 보이며, 그렇다는 안내가 함께
            나옵니다.
          </p>
          <ArtistEnglishInputs values={values.en} errors={fields} arrivalFocus={reply?.arrivalFocus ?? null} onChange={(key, value) => setValues((v) => ({ ...v, en: { ...v.en, [key]: value } }))} />
        </fieldset>

        <FormActions cancelTo={WORKSPACE_PATHS.artists} saving={saving} conflictVersion={reply?.conflictVersion} busy={uploading} />
      </Form>
    </AdminFormShell>
  );
}
