// The functions over LIMIT lines in app/ (issue 39): `node scripts/long-functions.ts [LIMIT] [--all]`.
// React components, and what is inside them, are excepted: a function named in PascalCase that contains JSX
// (or any PascalCase function in a .tsx file). A long function may stay when a comment starting with
// `// long-function:` gives the reason, among its leading comments or on the line above its declaration
// statement; `--all` lists those too. Exits 1 when an unreasoned one is found. tests/unit/long-functions.test.ts
// runs the same check.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const LONG_FUNCTION_LIMIT = 80;
const REASON = /\/\/\s*long-function:\s*\S/;

export interface LongFunction {
  /** The file, relative to the working directory, and the function's first line. */
  where: string;
  name: string;
  length: number;
  /** The `// long-function:` comment's text, when one gives the reason. */
  reason: string | null;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

const isFunction = (n: ts.Node): n is FunctionNode =>
  ts.isFunctionDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isSetAccessorDeclaration(n);

function nameOf(node: FunctionNode): string {
  const own = node.name;
  if (own && (ts.isIdentifier(own) || ts.isStringLiteral(own) || ts.isPrivateIdentifier(own))) return own.text;
  if (ts.isConstructorDeclaration(node)) {
    const owner = node.parent;
    return `${ts.isClassLike(owner) && owner.name ? owner.name.text : "(class)"} constructor`;
  }
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  if (ts.isExportAssignment(parent)) return "default";
  // A function returned by another: "(function returned by renderWithRouter)".
  if (ts.isReturnStatement(parent)) {
    let outer: ts.Node | undefined = parent.parent;
    while (outer && !isFunction(outer)) outer = outer.parent;
    return outer ? `(function returned by ${nameOf(outer)})` : "(returned function)";
  }
  // A callback: the call it is passed to, e.g. `transaction(…)`; a wrapped component: memo(function …).
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    const holder = ts.isVariableDeclaration(parent.parent) && ts.isIdentifier(parent.parent.name) ? parent.parent.name.text : null;
    return holder ? `${holder} (${callee.split(".").pop()} callback)` : `(callback of ${callee.split("\n")[0]!.slice(0, 40)})`;
  }
  return "(anonymous)";
}

function containsJsx(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isJsxFragment(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The statement that declares the function: itself, or the variable statement, property or export around it. */
function declarationOf(node: FunctionNode): ts.Node {
  let at: ts.Node = node;
  while (
    at.parent &&
    (ts.isVariableDeclaration(at.parent) ||
      ts.isVariableDeclarationList(at.parent) ||
      ts.isVariableStatement(at.parent) ||
      ts.isPropertyAssignment(at.parent) ||
      ts.isPropertyDeclaration(at.parent) ||
      ts.isExportAssignment(at.parent) ||
      ts.isParenthesizedExpression(at.parent) ||
      (ts.isCallExpression(at.parent) && ts.isVariableDeclaration(at.parent.parent)))
  ) {
    at = at.parent;
  }
  return at;
}

/** The `// long-function:` reason among the declaration's leading comments, or on the line just above it. */
function reasonOf(node: FunctionNode, source: ts.SourceFile): string | null {
  const text = source.text;
  for (const at of new Set<ts.Node>([node, declarationOf(node)])) {
    for (const range of ts.getLeadingCommentRanges(text, at.getFullStart()) ?? []) {
      const comment = text.slice(range.pos, range.end);
      if (REASON.test(comment)) return comment.trim();
    }
    const line = source.getLineAndCharacterOfPosition(at.getStart(source)).line;
    const above = line > 0 ? text.split("\n")[line - 1]!.trim() : "";
    if (REASON.test(above)) return above;
  }
  return null;
}

/** The functions over `limit` lines in one file's text, React components and what is inside them excepted. */
export function findLongFunctions(fileName: string, text: string, limit = LONG_FUNCTION_LIMIT): LongFunction[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node, insideComponent: boolean): void => {
    if (isFunction(node) && node.body) {
      const name = nameOf(node);
      const component = /^[A-Z]/.test(name.split(" ")[0]!) && (kind === ts.ScriptKind.TSX || containsJsx(node));
      if (component || insideComponent) {
        ts.forEachChild(node, (child) => visit(child, true));
        return;
      }
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const length = end - start + 1;
      if (length > limit) found.push({ where: `${fileName}:${start}`, name, length, reason: reasonOf(node, source) });
    }
    ts.forEachChild(node, (child) => visit(child, insideComponent));
  };
  visit(source, false);
  return found;
}

/** The long functions of every .ts and .tsx file under `directory` (app/ by default), longest first. */
export function findLongFunctionsIn(directory = "app", limit = LONG_FUNCTION_LIMIT): LongFunction[] {
  const root = path.resolve(directory);
  const files = fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => path.join(root, file));
  const found = files.flatMap((file) => findLongFunctions(path.relative(process.cwd(), file), fs.readFileSync(file, "utf8"), limit));
  return found.sort((a, b) => b.length - a.length);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? "")) {
  const limit = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? LONG_FUNCTION_LIMIT);
  const all = findLongFunctionsIn("app", limit);
  const unreasoned = all.filter((row) => !row.reason);
  for (const row of process.argv.includes("--all") ? all : unreasoned) {
    console.log(`${row.where} ${row.name} ${row.length}${row.reason ? `  ${row.reason}` : ""}`);
  }
  console.log(`${unreasoned.length} functions over ${limit} lines without a reason (${all.length - unreasoned.length} with one)`);
  process.exitCode = unreasoned.length > 0 ? 1 : 0;
}
