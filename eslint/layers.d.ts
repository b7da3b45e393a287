import type { ESLint } from "eslint";

export const LAYERS: { name: string; paths: string[] }[];
export const EXCEPTIONS: { from: string; to: string; reason: string }[];
export function layerOf(file: string): number;
declare const plugin: ESLint.Plugin;
export default plugin;
