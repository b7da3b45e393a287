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
  /** The label on the English form (/en/audition/apply, decision 065). */
  labelEn: string;
  required?: boolean;
  /** The item the consent text lists for it, in the list of required items unless `consentList` says otherwise. */
  consent?: string;
  /** The same item in the English consent text and privacy notice. */
  consentEn?: string;
  consentList?: Exclude<ConsentGroup, "required">;
}

export type AuditionField =
  | (FieldBase<"name" | "phone" | "email" | "height" | "weight" | "videoUrl" | "guardianName" | "guardianPhone"> & { control: "input"; attributes: AuditionInputAttributes; hint?: string; hintEn?: string })
  | (FieldBase<"career" | "introduction"> & { control: "textarea"; hint: string; hintEn: string })
  | (FieldBase<"birthDate"> & { control: "date" })
  | (FieldBase<"gender"> & { control: "choice" })
  | (FieldBase<"photos" | "videoFile"> & { control: "file" })
  | (FieldBase<"guardianConsent" | "consent"> & { control: "checkbox" });

export const AUDITION_FIELDS = [
  { key: "name", label: "이름", labelEn: "Name", required: true, control: "input", attributes: { autoComplete: "name", maxLength: 50 }, consent: "이름", consentEn: "name" },
  { key: "birthDate", label: "생년월일", labelEn: "Date of birth", required: true, control: "date", consent: "생년월일", consentEn: "date of birth" },
  { key: "gender", label: "성별", labelEn: "Gender", required: true, control: "choice", consent: "성별", consentEn: "gender" },
  { key: "phone", label: "휴대전화 번호", labelEn: "Mobile phone number", required: true, control: "input", attributes: { type: "tel", inputMode: "tel", autoComplete: "tel", placeholder: "010-1234-5678", maxLength: 20 }, consent: "휴대전화 번호", consentEn: "mobile phone number" },
  { key: "email", label: "이메일", labelEn: "E-mail", required: true, control: "input", attributes: { type: "email", inputMode: "email", autoComplete: "email", placeholder: "name@example.com", maxLength: 254 }, consent: "이메일 주소", consentEn: "e-mail address" },
  { key: "height", label: "키 (cm)", labelEn: "Height (cm)", required: true, control: "input", attributes: { inputMode: "decimal", placeholder: "170", maxLength: 6 }, consent: "키", consentEn: "height" },
  { key: "weight", label: "몸무게 (kg, 선택)", labelEn: "Weight (kg, optional)", control: "input", attributes: { inputMode: "decimal", maxLength: 6 }, consent: "몸무게", consentEn: "weight", consentList: "optional" },
  {
    key: "career",
    label: "경력·교육 사항",
    labelEn: "Experience and training",
    control: "textarea",
    hint: "출연작, 연기 교육, 수상 경력 등을 자유롭게 적어 주세요. 없으면 비워 두어도 됩니다. (3000자 이내)",
    hintEn: "Productions you have appeared in, acting classes, awards: anything you like. Leave it empty if you have none yet. (Up to 3,000 characters)",
    consent: "경력·교육 사항",
    consentEn: "experience and training",
  },
  {
    key: "introduction",
    label: "자기소개",
    labelEn: "About you",
    required: true,
    control: "textarea",
    hint: "어떤 배우가 되고 싶은지, 자신을 가장 잘 보여 주는 이야기를 적어 주세요. (3000자 이내)",
    hintEn: "Tell us what kind of actor you want to be, or a story that shows who you are. (Up to 3,000 characters)",
    consent: "자기소개",
    consentEn: "self-introduction",
  },
  { key: "photos", label: "사진", labelEn: "Photos", required: true, control: "file", consent: "얼굴·전신 사진", consentEn: "face and full-length photos" },
  { key: "videoFile", label: "자기소개 영상 파일", labelEn: "Self-introduction video file", control: "file", consent: "자기소개 영상(파일 또는 링크)", consentEn: "self-introduction video (file or link)" },
  {
    key: "videoUrl",
    label: "또는 영상 주소",
    labelEn: "Or a link to your video",
    control: "input",
    attributes: { type: "url", inputMode: "url", placeholder: "https://youtu.be/...", maxLength: 500 },
    hint: "YouTube, Vimeo, 네이버 TV 주소를 붙여 넣어 주세요. 비공개(일부 공개) 영상이라면 링크가 있는 사람은 볼 수 있게 설정해 주세요.",
    hintEn: "Paste a YouTube, Vimeo or Naver TV link. If the video is unlisted, make sure anyone with the link can watch it.",
  },
  { key: "guardianName", label: "법정대리인 이름", labelEn: "Parent or guardian's name", control: "input", attributes: { maxLength: 50 }, consent: "법정대리인 이름", consentEn: "parent or guardian's name", consentList: "guardian" },
  { key: "guardianPhone", label: "법정대리인 휴대전화 번호", labelEn: "Parent or guardian's mobile number", control: "input", attributes: { type: "tel", inputMode: "tel", placeholder: "010-1234-5678", maxLength: 20 }, consent: "법정대리인 휴대전화 번호", consentEn: "parent or guardian's mobile number", consentList: "guardian" },
  { key: "guardianConsent", label: "법정대리인으로서 아래 개인정보 수집·이용에 동의합니다.", labelEn: "As the applicant's parent or legal guardian, I agree to the collection and use of personal information described below.", control: "checkbox" },
  { key: "consent", label: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)", labelEn: "I have read the above and agree to the collection and use of my personal information. (Required)", required: true, control: "checkbox" },
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

/** The consent text's lists of items, in the form's order (English with `english`: the English form and notice). */
export function consentItems(group: ConsentGroup, english = false): string[] {
  return AUDITION_FIELDS.flatMap((field) =>
    "consent" in field && ("consentList" in field ? field.consentList : "required") === group ? [english ? field.consentEn : field.consent] : [],
  );
}
