import { describe, expect, it } from "vitest";
import { pageWindow, parsePage } from "../../app/lib/pagination";

describe("one page of a list", () => {
  it("clamps the requested page to those that exist and gives the rows' window", () => {
    expect(pageWindow(0, 1, 5)).toEqual({ page: 1, pageCount: 1, limit: 5, offset: 0 });
    expect(pageWindow(11, 2, 5)).toEqual({ page: 2, pageCount: 3, limit: 5, offset: 5 });
    expect(pageWindow(11, 99, 5)).toEqual({ page: 3, pageCount: 3, limit: 5, offset: 10 });
    expect(pageWindow(10, 0, 5).page).toBe(1);
    expect(pageWindow(10, 1.7, 5).page).toBe(1);
    expect(pageWindow(10, parsePage("2"), 5).offset).toBe(5);
    expect(parsePage("-1")).toBe(1);
  });
});
