import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ARTIST_LIST_FIELD_INFO, ARTIST_TEXT_FIELDS, type ArtistFields, type ArtistListField, type ArtistTextKey } from "../../domain/artist-fields";
import type { LibraryChoice } from "../../domain/media-uses";
import { ARTIST_STATUS_HINTS, ARTIST_STATUS_LABELS, type ArtistStatus } from "../../domain/content-states";
import { artistPath, PATHS } from "../../domain/site-routes";
import { ImageSlots } from "../../islands/image-slots";
import { ListField } from "../../islands/list-field";
import type { AdminFormReply } from "../../lib/admin-form-reply";
import { useEditorDraft } from "../../lib/use-editor-draft";
import { AdminFormShell, FormActions, TextField } from "./admin-form-shell";
import { Field, FieldError } from "../field";

/** What the artist form holds: the artist fields, state, order, and one image URL per slot. */
export type ArtistFormValues = ArtistFields & {
  /** The English profile, every field present in the form (empty: not entered). */
  en: { birthday: string } & Record<ArtistListField, string[]>;
  status: ArtistStatus;
  displayOrder: string;
  images: string[];
};

/** Examples for the English entries. */
const ENGLISH_PLACEHOLDERS: Record<ArtistListField, string> = {
  education: "e.g. Korea National University of Arts, B.F.A. in Acting",
  awards: "e.g. 2025 Blue Dragon Film Awards, Best New Actress",
  specialSkills: "e.g. Contemporary dance",
  films: "e.g. 2025 'Title' (lead, as Seo-ha)",
  dramas: "e.g. 2024 tvN 'Title' (supporting, as Ji-su)",
  theater: "e.g. 2022 play 'Title' (as Nari)",
  commercials: "e.g. 2024 Brand TV commercial",
  books: "e.g. 2023 Magazine, March issue pictorial",
};

/** The states offered, in the order a roster's life goes. */
const ARTIST_STATUS_CHOICES: ArtistStatus[] = ["public", "hidden", "draft", "former"];

/** Extra input attributes per text field (the labels and limits come from the descriptor). */
const TEXT_INPUT_PROPS: Record<ArtistTextKey, Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "onChange">> = {
  name: { required: true, autoComplete: "off" },
  nameEn: { lang: "en", autoComplete: "off" },
  birthday: {},
  height: { inputMode: "numeric" },
  socialLink: { type: "url" },
};

/**
 * The artist form (spec §2, §5): text fields, visibility and order, five photo slots and the eight
 * list fields, all from app/domain/artist-fields.ts.
 */
export function ArtistForm({
  mode,
  originalName,
  saved,
  version,
  reply,
  library = [],
}: {
  /** Stored images each photo slot can pick instead of uploading again. */
  library?: LibraryChoice[];
  mode: "create" | "edit";
  originalName: string | null;
  saved: ArtistFormValues;
  version: number;
  reply: AdminFormReply<ArtistFormValues> | undefined;
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
      latest={{ href: profilePath, label: "최신 정보 새 창에서 보기" }}
    >
      <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
        <input type="hidden" name="version" value={version} />
        <div className="admin-form__grid">
          {ARTIST_TEXT_FIELDS.map((field) => (
            <TextField
              key={field.key}
              name={field.key}
              label={field.key === "height" ? `${field.label} (cm)` : field.label}
              maxLength={field.maxLength}
              placeholder={"placeholder" in field ? field.placeholder : undefined}
              value={values[field.key]}
              onChange={(value) => set(field.key, value)}
              error={fields[field.key]}
              {...TEXT_INPUT_PROPS[field.key]}
            />
          ))}
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

        <ImageSlots library={library} urls={values.images} onChange={(images) => set("images", images)} onBusyChange={setUploading} errors={reply?.imageErrors ?? {}} />
        <FieldError name="imageUrls" error={fields.imageUrls} as="p" />

        <div className="admin-form__lists">
          {ARTIST_LIST_FIELD_INFO.map((field) => (
            <ListField
              key={field.key}
              name={field.key}
              label={field.label}
              placeholder={field.placeholder}
              entries={values[field.key]}
              onChange={(entries) => set(field.key, entries)}
              error={fields[field.key]}
            />
          ))}
        </div>

        <fieldset className="field english-version">
          <legend className="field__label">영문 프로필 (선택)</legend>
          <p className="field__hint">
            영문 사이트(/en)의 프로필에 보입니다. 영문 이름은 위의 ‘영문 이름’을 씁니다. 비워 둔 항목은 영문 페이지에 한글로 보이며, 그렇다는 안내가 함께
            나옵니다.
          </p>
          <TextField
            name="en.birthday"
            label="영문 생년월일"
            maxLength={30}
            placeholder="예: March 14, 1995"
            value={values.en.birthday}
            onChange={(birthday) => setValues((v) => ({ ...v, en: { ...v.en, birthday } }))}
            error={fields["en.birthday"]}
            lang="en"
          />
          <div className="admin-form__lists">
            {ARTIST_LIST_FIELD_INFO.map((field) => (
              <ListField
                key={field.key}
                name={`en.${field.key}`}
                label={`영문 ${field.label} (${field.labelEn})`}
                placeholder={ENGLISH_PLACEHOLDERS[field.key]}
                entries={values.en[field.key]}
                onChange={(entries) => setValues((v) => ({ ...v, en: { ...v.en, [field.key]: entries } }))}
                error={fields[`en.${field.key}`]}
              />
            ))}
          </div>
        </fieldset>

        <FormActions cancelTo={profilePath} saving={saving} conflictVersion={reply?.conflictVersion} busy={uploading} />
      </Form>
    </AdminFormShell>
  );
}
