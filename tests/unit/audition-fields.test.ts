import { describe, expect, it } from "vitest";
import { auditionFieldsSchema } from "../../app/domain/auditions";

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
