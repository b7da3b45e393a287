import { describe, expect, it } from "vitest";
import { parseByteRange } from "../../app/server/route-kit/byte-range.server";
import { csvCell, toCsv } from "../../app/lib/csv";

describe("parseByteRange (video seeking from the private storage)", () => {
  it("reads one range, an open end and a suffix, clamping the end to the file", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange("bytes=500-", 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("a start at or past the end is unsatisfiable (416)", () => {
    expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=0-", 0)).toBe("unsatisfiable");
  });

  it("no header, another unit, several ranges or nonsense: the whole file", () => {
    for (const header of [null, "", "items=0-1", "bytes=0-1,5-6", "bytes=abc", "bytes=-", "bytes=9-3"]) expect(parseByteRange(header, 1000), String(header)).toBe("full");
  });
});

describe("CSV for Excel", () => {
  it("quotes what needs quoting and neutralizes formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", twice')).toBe('"say ""hi"", twice"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`).startsWith(`'${start}`) || csvCell(`${start}1+1`).startsWith(`"'${start}`)).toBe(true);
    expect(csvCell("=SUM(A1,A2)")).toBe(`"'=SUM(A1,A2)"`);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
  });

  it("starts with a BOM and ends every line with CRLF", () => {
    expect(toCsv([["이름", "키"], ["김", 170]])).toBe("\uFEFF이름,키\r\n김,170\r\n");
  });
});
