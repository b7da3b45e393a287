// Issue 39: no function over 80 lines outside React components without a reason in a `// long-function:` comment.
import { describe, expect, it } from "vitest";
import { findLongFunctions, findLongFunctionsIn, LONG_FUNCTION_LIMIT } from "../../scripts/long-functions.ts";

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  total += ${i};`).join("\n");
const longFunction = (header: string, lines = LONG_FUNCTION_LIMIT) => `${header}\n  let total = 0;\n${body(lines)}\n  return total;\n}\n`;

describe("long functions", () => {
  // Parsing every file of app/ takes a few seconds, more on a busy machine.
  it("app/ has none over 80 lines without a reason", { timeout: 30_000 }, () => {
    const unreasoned = findLongFunctionsIn("app").filter((row) => !row.reason);
    expect(unreasoned.map((row) => `${row.where} ${row.name} ${row.length}`)).toEqual([]);
  });

  it("reports an unreasoned long function, and not a short one", () => {
    const found = findLongFunctions("fixture.ts", longFunction("export function sum() {") + "function short() {\n  return 1;\n}\n");
    expect(found).toEqual([{ where: "fixture.ts:1", name: "sum", length: LONG_FUNCTION_LIMIT + 4, reason: null }]);
  });

  it("allows one whose reason is among its leading comments or on the line above", () => {
    const leading = "// long-function: one closure over shared state.\n/** Docs. */\nexport function sum() {";
    const arrow = "/** Docs. */\n// long-function: the methods share the pool.\nexport const sum = async () => {";
    for (const header of [leading, arrow]) {
      const [row] = findLongFunctions("fixture.ts", longFunction(header).replace(/}\n$/, header.endsWith("=> {") ? "};\n" : "}\n"));
      expect(row?.reason).toMatch(/^\/\/ long-function: /);
    }
  });

  it("does not take a bare marker without a reason, nor a comment above another statement", () => {
    const bare = findLongFunctions("fixture.ts", longFunction("// long-function:\nfunction sum() {"));
    const elsewhere = findLongFunctions("fixture.ts", `// long-function: not this one.\nconst x = 1;\n${longFunction("function sum() {")}`);
    expect([bare[0]?.reason, elsewhere[0]?.reason]).toEqual([null, null]);
  });

  it("leaves React components alone", () => {
    const component = `export function Page() {\n  let total = 0;\n${body(LONG_FUNCTION_LIMIT)}\n  return <p>{total}</p>;\n}\n`;
    expect(findLongFunctions("fixture.tsx", component)).toEqual([]);
  });
});
