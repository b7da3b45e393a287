import { describe, expect, it } from "vitest";
import { controlProblem, controlValue, storedValue } from "../../app/domain/artist-form-controls";
import { artistControlProblems, artistFieldsFromForm } from "../../app/domain/artist-fields";
import { applyListMove, focusAfterListMove, parseListMove } from "../../app/domain/list-moves";

describe("the artist form's typed controls over the stored text (decision 044)", () => {
  it("shows the stored birthday in a date input and stores the original's text (requirements R5.1)", () => {
    expect(controlValue("date", "1994.03.14")).toBe("1994-03-14");
    expect(controlValue("date", "")).toBe("");
    // Free text written through the API cannot be shown by a date input.
    expect(controlValue("date", "1994년 3월")).toBeNull();
    expect(storedValue("date", "1994-03-14")).toBe("1994.03.14");
    expect(storedValue("date", " 1994.03.14 ")).toBe("1994.03.14");
    expect(controlValue("height", "168")).toBe("168");
    expect(controlValue("height", "168cm")).toBeNull();
  });

  it("refuses an impossible, future or too early birthday and a height out of range, in Korean", () => {
    const today = "2026-11-26";
    expect(controlProblem("date", "1995.03.14", today)).toBeNull();
    expect(controlProblem("date", "", today)).toBeNull();
    expect(controlProblem("date", "2026.11.27", today)).toBe("생년월일이 오늘 이후 날짜입니다.");
    expect(controlProblem("date", "1995.02.30", today)).toBe("생년월일을 날짜로 입력해 주세요. 예: 1995-03-14");
    expect(controlProblem("date", "1899.12.31", today)).toBe("생년월일을 다시 확인해 주세요. 1900년 이후 날짜여야 합니다.");
    expect(controlProblem("height", "172", today)).toBeNull();
    expect(controlProblem("height", "99", today)).toBe("키는 100cm에서 230cm 사이로 입력해 주세요.");
    expect(controlProblem("height", "172.5", today)).toBe("키는 cm 단위의 숫자로 입력해 주세요. 예: 168");
  });

  it("reads a submitted form's date into the stored text, and names the fields with a problem", () => {
    const form = new FormData();
    form.set("name", "한서윤");
    form.set("birthday", "1994-03-14");
    form.set("height", "300");
    form.set("en.birthday", "March 14, 1994");
    const fields = artistFieldsFromForm(form);
    expect(fields.birthday).toBe("1994.03.14");
    // The English birthday stays free text.
    expect(fields.en.birthday).toBe("March 14, 1994");
    expect(artistControlProblems(fields, "2026-11-26")).toEqual({ height: "키는 100cm에서 230cm 사이로 입력해 주세요." });
  });
});

describe("a career list's buttons without JavaScript", () => {
  it("reads what a button asks and refuses anything else", () => {
    expect(parseListMove("awards:2:up")).toEqual({ name: "awards", index: 2, action: "up" });
    expect(parseListMove("en.works:0:remove")).toEqual({ name: "en.works", index: 0, action: "remove" });
    expect(parseListMove("education:add")).toEqual({ name: "education", action: "add" });
    for (const forged of [null, "", "awards:up", "awards:-1:up", "awards:1:sideways", "awards:99999:up"]) expect(parseListMove(forged)).toBeNull();
  });

  it("moves, removes, and leaves the list as it is at its edges", () => {
    const list = ["가", "나", "다"];
    expect(applyListMove(list, { name: "x", index: 2, action: "up" })).toEqual(["가", "다", "나"]);
    expect(applyListMove(list, { name: "x", index: 0, action: "down" })).toEqual(["나", "가", "다"]);
    expect(applyListMove(list, { name: "x", index: 1, action: "remove" })).toEqual(["가", "다"]);
    expect(applyListMove(list, { name: "x", index: 0, action: "up" })).toEqual(list);
    expect(applyListMove(list, { name: "x", index: 2, action: "down" })).toEqual(list);
    expect(applyListMove(list, { name: "x", index: 7, action: "remove" })).toEqual(list);
    expect(list).toEqual(["가", "나", "다"]);
  });

  it("says where focus goes after each change: the moved entry's button (the other one at an edge), the entry in a removed one's place, the new entry's box", () => {
    expect(focusAfterListMove({ name: "awards", index: 2, action: "up" }, 3)).toBe("awards-up-1");
    expect(focusAfterListMove({ name: "awards", index: 1, action: "up" }, 3)).toBe("awards-down-0");
    expect(focusAfterListMove({ name: "awards", index: 0, action: "down" }, 3)).toBe("awards-down-1");
    expect(focusAfterListMove({ name: "awards", index: 1, action: "down" }, 3)).toBe("awards-up-2");
    expect(focusAfterListMove({ name: "awards", index: 1, action: "up" }, 3, "entry")).toBe("awards-entry-0");
    expect(focusAfterListMove({ name: "en.works", index: 2, action: "remove" }, 2)).toBe("en.works-entry-1");
    expect(focusAfterListMove({ name: "awards", index: 0, action: "remove" }, 0)).toBe("awards");
    expect(focusAfterListMove({ name: "awards", action: "add" }, 4)).toBe("awards");
  });
});
