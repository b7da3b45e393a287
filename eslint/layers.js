/**
 * The layers of the code, top first, and the one rule that holds them: a file imports only from its own
 * layer or from layers below it (docs/architecture.md, decision 059). Every concept folder is a layer of
 * its own, so imports between concepts go one way too and no two folders can import each other.
 *
 * A layer is a list of paths from the repository root (a folder, or a file without its extension).
 * Files outside every layer (tests, scripts, configs) are not checked.
 */
import path from "node:path";

/** @type {{ name: string, paths: string[] }[]} */
export const LAYERS = [
  { name: "process", paths: ["main"] },
  { name: "composition root", paths: ["app/server/composition"] },
  { name: "request pipeline", paths: ["app/server/pipeline", "app/entry.server"] },
  { name: "routes", paths: ["app/routes", "app/root"] },
  { name: "API adapter", paths: ["app/server/api"] },
  { name: "route kit", paths: ["app/server/route-kit"] },
  { name: "enhancement script", paths: ["app/enhance"] },
  { name: "components", paths: ["app/components"] },
  { name: "islands", paths: ["app/islands"] },
  { name: "widgets", paths: ["app/widgets"] },
  { name: "styles", paths: ["app/styles"] },
  // Concepts: use cases and queries. Those that orchestrate others stand above them.
  { name: "jobs", paths: ["app/server/jobs"] },
  { name: "old-site import", paths: ["app/server/import"] },
  { name: "seed", paths: ["app/server/seed"] },
  { name: "media library", paths: ["app/server/media-library"] },
  { name: "casting packages", paths: ["app/server/packages"] },
  { name: "auditions", paths: ["app/server/auditions"] },
  { name: "privacy", paths: ["app/server/privacy"] },
  { name: "staff", paths: ["app/server/staff"] },
  { name: "auth", paths: ["app/server/auth"] },
  // The trash of every entity that has one (decision 061), over the entities' descriptors.
  { name: "trash bin", paths: ["app/server/trash"] },
  { name: "artists", paths: ["app/server/artists"] },
  { name: "posts", paths: ["app/server/posts"] },
  // Revisions, and the use cases every edited record shares (trash, restore, purge: decision 061); a
  // purge deletes the stored media nothing else uses, so it stands above media.
  { name: "history", paths: ["app/server/history"] },
  { name: "media", paths: ["app/server/media"] },
  { name: "mail", paths: ["app/server/mail"] },
  { name: "site", paths: ["app/server/site"] },
  { name: "backup", paths: ["app/server/backup"] },
  { name: "platform", paths: ["app/server/platform"] },
  { name: "schema", paths: ["drizzle"] },
  { name: "lib", paths: ["app/lib"] },
  { name: "domain", paths: ["app/domain", "app/types"] },
];

/**
 * The deliberate exceptions: an import that runs up, with its reason. Type-only imports only: they
 * vanish from the built code, so no module runs above its layer.
 * @type {{ from: string, to: string, reason: string }[]}
 */
export const EXCEPTIONS = [
  {
    from: "app/server",
    to: "app/server/composition/runtime.server",
    reason: "The Runtime's type is declared where the composition root builds it; requests carry it (type only).",
  },
  {
    from: "app/lib/root-data",
    to: "app/root",
    reason: "The hook that reads the root route's data takes its type from the root loader (type only).",
  },
];

const within = (file, prefix) => file === prefix || file.startsWith(`${prefix}/`) || file.startsWith(`${prefix}.`);

/** The layer's index (0 = top) of a path relative to the repository root, or -1 outside every layer. */
export function layerOf(file) {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((layer, index) => {
    for (const prefix of layer.paths) {
      if (within(file, prefix) && prefix.length > bestLength) {
        best = index;
        bestLength = prefix.length;
      }
    }
  });
  return best;
}

function isTypeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

const noUpwardImport = {
  meta: {
    type: "problem",
    docs: { description: "A file imports only from its own layer or the layers below it (eslint/layers.js)." },
    schema: [],
    messages: {
      upward:
        "{{from}} is below {{to}}: it cannot import {{target}}. Move the code to the layer where it belongs, take it as a parameter, or list a type-only exception with its reason in eslint/layers.js.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    const fromLayer = layerOf(file);
    if (fromLayer === -1) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source.value));
      const toLayer = layerOf(target);
      if (toLayer === -1 || toLayer >= fromLayer) return;
      if (isTypeOnly(node) && EXCEPTIONS.some((e) => within(file, e.from) && within(target, e.to))) return;
      context.report({ node: source, messageId: "upward", data: { from: LAYERS[fromLayer].name, to: LAYERS[toLayer].name, target } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { "no-upward-import": noUpwardImport } };
