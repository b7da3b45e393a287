import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AuditionApplicationForm } from "../../app/components/audition-application-form";
import { AUDITION_CONSENT, AUDITION_FIELD_ORDER, AUDITION_FIELDS, AUDITION_FILE_FIELDS, AUDITION_TEXT_FIELDS, auditionField, auditionFieldsSchema } from "../../app/domain/auditions";

/** The message the form would show next to a field, or null when the field is accepted. */
function fieldMessage(field: string, value: unknown): string | null {
  const result = auditionFieldsSchema.safeParse({ [field]: value });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

describe("the audition form's measurements", () => {
  it("an optional weight that is not a number in range gets a Korean message, never zod's English one", () => {
    for (const bad of ["abc", "5", "300", "55.55", 12]) {
      expect(fieldMessage("weight", bad), JSON.stringify(bad)).toBe("몸무게는 15에서 200 사이의 숫자로 입력해 주세요.");
    }
    for (const good of ["", null, undefined, "55", "55kg", " 48.5 "]) expect(fieldMessage("weight", good), JSON.stringify(good)).toBeNull();
  });

  it("the height keeps its own message", () => {
    expect(fieldMessage("height", "abc")).toBe("키는 80에서 230 사이의 숫자로 입력해 주세요.");
    expect(fieldMessage("height", "170")).toBeNull();
  });
});

describe("the audition application's field model", () => {
  it("the server's rules cover exactly the model's text fields, and a refused submission gives back each of them", () => {
    expect(Object.keys(auditionFieldsSchema.shape).sort()).toEqual([...AUDITION_TEXT_FIELDS].sort());
    expect(AUDITION_FIELD_ORDER.filter((key) => !(AUDITION_TEXT_FIELDS as readonly string[]).includes(key))).toEqual(Object.values(AUDITION_FILE_FIELDS));
  });

  it("the consent text lists what the form collects, in the form's order", () => {
    expect(AUDITION_CONSENT.requiredItems).toEqual(["이름", "생년월일", "성별", "휴대전화 번호", "이메일 주소", "키", "경력·교육 사항", "자기소개", "얼굴·전신 사진", "자기소개 영상(파일 또는 링크)"]);
    expect(AUDITION_CONSENT.optionalItems).toEqual(["몸무게"]);
    expect(AUDITION_CONSENT.guardianItems).toEqual(["법정대리인 이름", "법정대리인 휴대전화 번호"]);
  });

  it("the form renders every field of the model with its label, the required ones marked, and the rule's length limits", () => {
    const html = renderToStaticMarkup(<AuditionApplicationForm stamp="s" retentionDays={90} reply={null} honeypotField="homepage" stampField="startedAt" />);
    for (const field of AUDITION_FIELDS) {
      expect(html, field.key).toContain(`name="${field.key}"`);
      if (field.control === "input" || field.control === "textarea" || field.control === "date") {
        const label = new RegExp(`<label[^>]*for="apply-${field.key}"[^>]*>([^]*?)</label>`).exec(html)?.[1] ?? "";
        expect(label, field.key).toContain(field.label);
        expect(label.includes("(필수)"), field.key).toBe("required" in field);
      }
      if (field.control === "input") expect(html).toMatch(new RegExp(`id="apply-${field.key}"[^>]*maxLength="${field.attributes.maxLength}"`, "i"));
    }
    const tooLong = (key: "name" | "email" | "videoUrl" | "guardianName") => "a".repeat(auditionField(key).attributes.maxLength + 1);
    for (const key of ["name", "guardianName"] as const) expect(fieldMessage(key, tooLong(key)), key).toBe(`${auditionField(key).attributes.maxLength}자 이내로 입력해 주세요.`);
  });
});
