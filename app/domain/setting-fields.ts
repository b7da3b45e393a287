import { z } from "./zod";

/**
 * The shape of a settings field model: one entry per setting says where it is stored, how its typed
 * text is validated, its labels and help in both languages, its widget and how the activity log names
 * it. Everything else about a setting (input and stored schemas, defaults, form values, which settings
 * a save changed, audit labels, English fallbacks, the admin form) is derived here from the list, so a
 * new setting is one entry (app/domain/site-settings.ts holds the site's list).
 */

/** The form control of a setting and the attributes that help people type it. */
export interface SettingWidget {
  type: "text" | "url" | "number" | "textarea" | "select";
  /** A select's choices (the stored value as the form writes it, and its label). */
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "email" | "url";
  autoComplete?: string;
  min?: number;
  max?: number;
  step?: number;
}

export interface SettingField<Key extends string = string, Storage extends string = string, Stored extends z.ZodType = z.ZodType> {
  /** The form field's name ("mapLat"). */
  key: Key;
  /** Where the value lives in the stored settings document, dotted ("map.lat", "privacyOfficer.name"). */
  storage: Storage;
  /** The setting the activity log, the change list and the demo flags name ("map" for both coordinates); the storage path when not given. */
  setting?: string;
  /** The fieldset the form shows it in (see SettingsGroup). */
  group: string;
  /** The typed text → the stored value, with Korean messages. */
  rule: z.ZodType;
  /** What a stored value must be when read back (older documents are checked with it). */
  stored: Stored;
  /** The value before the administrator saves one. */
  default: z.output<Stored>;
  label: { ko: string; en: string };
  help?: { ko: string; en: string };
  /** The key of the setting holding this one's English version; the English pages fall back to this one while it is empty. */
  englishVariant?: string;
  /** The value is written in English (the form says so to browsers and screen readers). */
  lang?: "en";
  /** Shown as "(선택)" next to the label: an empty value is allowed. */
  optional?: boolean;
  widget: SettingWidget;
  /** How the activity log names the setting ("전화번호, 지도 위치"). */
  audit: string;
  /** The default is a placeholder the administrator must replace ("예시 값입니다"). */
  demo?: boolean;
  /** The privacy policy (/privacy) states it: a change moves the policy's effective date. */
  privacyPolicy?: boolean;
}

/** A fieldset of the settings form; `parent` nests it in another one. */
export interface SettingsGroup {
  id: string;
  legend: string;
  parent?: string;
  hint?: string;
}

/** The model's typed list, kept precise for the derived types. */
export function defineSettingFields<const Fields extends readonly SettingField[]>(fields: Fields): Fields {
  const keys = new Set<string>();
  for (const field of fields) {
    if (keys.has(field.key)) throw new Error(`Setting field ${field.key} is declared twice`);
    keys.add(field.key);
  }
  return fields;
}

type Nest<Path extends string, Value> = Path extends `${infer Head}.${infer Tail}` ? { [K in Head]: Nest<Tail, Value> } : { [K in Path]: Value };
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Expand<T> = T extends object ? { [K in keyof T]: Expand<T[K]> } : T;

/** The stored document's type the fields describe: `{ map: { lat: number; lng: number }, ... }`. */
export type StoredSettingsOf<Fields extends readonly SettingField[]> = Expand<UnionToIntersection<{ [I in keyof Fields]: Nest<Fields[I]["storage"], z.output<Fields[I]["stored"]>> }[number]>>;
/** The form's typed text, one string per field. */
export type SettingsFormValuesOf<Fields extends readonly SettingField[]> = Record<Fields[number]["key"], string>;
/** The input schema's shape: each field's rule under its key. */
type InputShapeOf<Fields extends readonly SettingField[]> = { [F in Fields[number] as F["key"]]: F["rule"] };

/** The setting a field belongs to ("map" for mapLat and mapLng). */
export function settingOf(field: SettingField): string {
  return field.setting ?? field.storage;
}

/** The value at a dotted path of a settings document. */
export function valueAt(document: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], document);
}

function setAt(document: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop()!;
  let holder = document;
  for (const key of keys) holder = (holder[key] ??= {}) as Record<string, unknown>;
  holder[last] = value;
}

/** The form's input schema: every field's rule under its key (typed text in, stored values out). */
export function settingsInputSchema<const Fields extends readonly SettingField[]>(fields: Fields): z.ZodObject<InputShapeOf<Fields>> {
  return z.object(Object.fromEntries(fields.map((field) => [field.key, field.rule]))) as unknown as z.ZodObject<InputShapeOf<Fields>>;
}

/** The stored document's schema, nested as the storage paths say; a value missing in an older document takes its default. */
export function settingsStoredShape(fields: readonly SettingField[]): z.ZodRawShape {
  const tree: Record<string, unknown> = {};
  for (const field of fields) setAt(tree, field.storage, field.stored.default(field.default as never));
  const toShape = (node: Record<string, unknown>): z.ZodRawShape =>
    Object.fromEntries(Object.entries(node).map(([key, child]) => [key, child instanceof z.ZodType ? child : z.object(toShape(child as Record<string, unknown>))]));
  return toShape(tree);
}

/** Every field's default, as the stored document nests them. */
export function settingsDefaults<const Fields extends readonly SettingField[]>(fields: Fields): StoredSettingsOf<Fields> {
  const document: Record<string, unknown> = {};
  for (const field of fields) setAt(document, field.storage, structuredClone(field.default));
  return document as StoredSettingsOf<Fields>;
}

/** The settings whose defaults are placeholders, as `demoFields` names them. */
export function demoSettings(fields: readonly SettingField[]): string[] {
  return [...new Set(fields.filter((field) => field.demo).map(settingOf))];
}

/** The stored settings as the form's text (a number as typed, a missing link as ""). */
export function settingsFormValues<const Fields extends readonly SettingField[]>(fields: Fields, settings: unknown): SettingsFormValuesOf<Fields> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = valueAt(settings, field.storage);
      return [field.key, value == null ? "" : String(value)];
    }),
  ) as SettingsFormValuesOf<Fields>;
}

/** The form's fields read from a submitted form (absent ones as ""). */
export function typedSettingsValues<const Fields extends readonly SettingField[]>(fields: Fields, form: FormData): SettingsFormValuesOf<Fields> {
  return Object.fromEntries(fields.map((field) => [field.key, String(form.get(field.key) ?? "")])) as SettingsFormValuesOf<Fields>;
}

/** `current` with the validated input written at each field's storage path (a copy; `current` is left alone). */
export function applySettingsInput<Settings>(fields: readonly SettingField[], current: Settings, input: Record<string, unknown>): Settings {
  const next = structuredClone(current) as Record<string, unknown>;
  for (const field of fields) setAt(next, field.storage, input[field.key]);
  return next as Settings;
}

/** The settings (in the model's order, then `extra`) whose values differ between two documents. */
export function changedSettings(fields: readonly SettingField[], before: unknown, after: unknown, extra: readonly string[] = []): string[] {
  const settings = [...new Set(fields.map(settingOf)), ...extra];
  return settings.filter((setting) => JSON.stringify(valueAt(before, setting)) !== JSON.stringify(valueAt(after, setting)));
}

/** Setting → how the activity log names it. */
export function settingsAuditLabels(fields: readonly SettingField[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [settingOf(field), field.audit]));
}

/** The settings the privacy policy states. */
export function privacyPolicySettings(fields: readonly SettingField[]): string[] {
  return [...new Set(fields.filter((field) => field.privacyPolicy).map(settingOf))];
}

/** The settings as the English pages read them: an empty English version shows the Korean one. */
export function withEnglishFallbacks<Settings>(fields: readonly SettingField[], settings: Settings): Settings {
  const next = structuredClone(settings) as Record<string, unknown>;
  for (const field of fields) {
    const variant = field.englishVariant ? fields.find((other) => other.key === field.englishVariant) : undefined;
    if (!variant) continue;
    const english = valueAt(next, variant.storage);
    if (typeof english !== "string" || english.trim() === "") setAt(next, variant.storage, valueAt(next, field.storage));
  }
  return next as Settings;
}
