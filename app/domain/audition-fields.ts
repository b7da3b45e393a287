/**
 * The audition application's fields, once (decision 037's field model, for the one entity visitors
 * fill in): each field's key, form label, whether it is required, its control and hint, and the item it
 * is in the consent text (PIPA Art. 15 ②: what is collected). From this list come the form's text
 * controls, the order of the error summary, the fields a refused submission gives back as typed, the
 * consent box's lists and the keys of the server's rules (auditions.ts: a rule per key, or it does not
 * compile). No zod here: the form ships to visitors' browsers with it (decision 038).
 */

/** Which list of the consent text a field's item is in. */
type ConsentGroup = "required" | "optional" | "guardian";

/** A text box's attributes, in the order the form writes them (visitors' pages stay byte-identical). */
export interface AuditionInputAttributes {
  type?: "tel" | "email" | "url";
  inputMode?: "tel" | "email" | "decimal" | "url";
  autoComplete?: string;
  placeholder?: string;
  maxLength: number;
}

interface FieldBase<Key extends string> {
  key: Key;
  label: string;
  required?: boolean;
  /** The item the consent text lists for it, in the list of required items unless `consentList` says otherwise. */
  consent?: string;
  consentList?: Exclude<ConsentGroup, "required">;
}

export type AuditionField =
  | (FieldBase<"name" | "phone" | "email" | "height" | "weight" | "videoUrl" | "guardianName" | "guardianPhone"> & { control: "input"; attributes: AuditionInputAttributes; hint?: string })
  | (FieldBase<"career" | "introduction"> & { control: "textarea"; hint: string })
  | (FieldBase<"birthDate"> & { control: "date" })
  | (FieldBase<"gender"> & { control: "choice" })
  | (FieldBase<"photos" | "videoFile"> & { control: "file" })
  | (FieldBase<"guardianConsent" | "consent"> & { control: "checkbox" });

export const AUDITION_FIELDS = [
  { key: "name", label: "이름", required: true, control: "input", attributes: { autoComplete: "name", maxLength: 50 }, consent: "이름" },
  { key: "birthDate", label: "생년월일", required: true, control: "date", consent: "생년월일" },
  { key: "gender", label: "성별", required: true, control: "choice", consent: "성별" },
  { key: "phone", label: "휴대전화 번호", required: true, control: "input", attributes: { type: "tel", inputMode: "tel", autoComplete: "tel", placeholder: "010-1234-5678", maxLength: 20 }, consent: "휴대전화 번호" },
  { key: "email", label: "이메일", required: true, control: "input", attributes: { type: "email", inputMode: "email", autoComplete: "email", placeholder: "name@example.com", maxLength: 254 }, consent: "이메일 주소" },
  { key: "height", label: "키 (cm)", required: true, control: "input", attributes: { inputMode: "decimal", placeholder: "170", maxLength: 6 }, consent: "키" },
  { key: "weight", label: "몸무게 (kg, 선택)", control: "input", attributes: { inputMode: "decimal", maxLength: 6 }, consent: "몸무게", consentList: "optional" },
  {
    key: "career",
    label: "경력·교육 사항",
    control: "textarea",
    hint: "출연작, 연기 교육, 수상 경력 등을 자유롭게 적어 주세요. 없으면 비워 두어도 됩니다. (3000자 이내)",
    consent: "경력·교육 사항",
  },
  {
    key: "introduction",
    label: "자기소개",
    required: true,
    control: "textarea",
    hint: "어떤 배우가 되고 싶은지, 자신을 가장 잘 보여 주는 이야기를 적어 주세요. (3000자 이내)",
    consent: "자기소개",
  },
  { key: "photos", label: "사진", required: true, control: "file", consent: "얼굴·전신 사진" },
  { key: "videoFile", label: "자기소개 영상 파일", control: "file", consent: "자기소개 영상(파일 또는 링크)" },
  {
    key: "videoUrl",
    label: "또는 영상 주소",
    control: "input",
    attributes: { type: "url", inputMode: "url", placeholder: "https://youtu.be/...", maxLength: 500 },
    hint: "YouTube, Vimeo, 네이버 TV 주소를 붙여 넣어 주세요. 비공개(일부 공개) 영상이라면 링크가 있는 사람은 볼 수 있게 설정해 주세요.",
  },
  { key: "guardianName", label: "법정대리인 이름", control: "input", attributes: { maxLength: 50 }, consent: "법정대리인 이름", consentList: "guardian" },
  { key: "guardianPhone", label: "법정대리인 휴대전화 번호", control: "input", attributes: { type: "tel", inputMode: "tel", placeholder: "010-1234-5678", maxLength: 20 }, consent: "법정대리인 휴대전화 번호", consentList: "guardian" },
  { key: "guardianConsent", label: "법정대리인으로서 아래 개인정보 수집·이용에 동의합니다.", control: "checkbox" },
  { key: "consent", label: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)", required: true, control: "checkbox" },
] as const satisfies readonly AuditionField[];

export type AuditionFieldKey = (typeof AUDITION_FIELDS)[number]["key"];
type FileFieldKey = Extract<(typeof AUDITION_FIELDS)[number], { control: "file" }>["key"];
/** Every field but the files: what the schema checks and a refused submission gives back as typed. */
export type AuditionTextFieldKey = Exclude<AuditionFieldKey, FileFieldKey>;

/** The fields in the form's order (the error summary lists problems in it). */
export const AUDITION_FIELD_ORDER: readonly AuditionFieldKey[] = AUDITION_FIELDS.map((field) => field.key);

export const AUDITION_TEXT_FIELDS = AUDITION_FIELDS.filter((field) => field.control !== "file").map((field) => field.key) as readonly AuditionTextFieldKey[];

/** A field of the list by its key (typed by what that field is). */
export function auditionField<Key extends AuditionFieldKey>(key: Key): Extract<(typeof AUDITION_FIELDS)[number], { key: Key }> {
  return AUDITION_FIELDS.find((field) => field.key === key) as Extract<(typeof AUDITION_FIELDS)[number], { key: Key }>;
}

/** The consent text's lists of items, in the form's order. */
export function consentItems(group: ConsentGroup): string[] {
  return AUDITION_FIELDS.flatMap((field) => ("consent" in field && ("consentList" in field ? field.consentList : "required") === group ? [field.consent] : []));
}
