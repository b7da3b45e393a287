import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SettingsFields } from "../../app/components/admin/settings-fields";
import {
  applySettingsInput,
  changedSettings,
  defineSettingFields,
  demoSettings,
  privacyPolicySettings,
  settingsAuditLabels,
  settingsDefaults,
  settingsFormValues,
  settingsInputSchema,
  settingOf,
  settingsStoredShape,
  typedSettingsValues,
  withEnglishFallbacks,
} from "../../app/domain/setting-fields";
import { DEFAULT_EDITABLE_SETTINGS, SETTING_LABELS, SETTINGS_GROUPS, SITE_SETTING_FIELDS, siteSettingsInputSchema } from "../../app/domain/site-settings";
import { z } from "../../app/domain/zod";

/** A plain text setting of at most 100 characters, empty by default. */
const shortText = <const Key extends string, const Storage extends string, const Group extends string>(key: Key, storage: Storage, group: Group) =>
  ({ key, storage, group, rule: z.string().trim().max(100, "100자 이내로 입력해 주세요."), stored: z.string(), default: "" }) as const;

/** A setting the site does not have yet: a KakaoTalk channel, with an English-language twin. */
const KAKAO_CHANNEL = {
  ...shortText("kakaoChannel", "social.kakao", "social"),
  label: { ko: "카카오톡 채널", en: "KakaoTalk channel" },
  help: { ko: "채널 이름을 적습니다.", en: "The channel's name." },
  englishVariant: "kakaoChannelEn",
  optional: true,
  widget: { type: "text", placeholder: "@we" },
  audit: "카카오톡 채널",
  privacyPolicy: true,
} as const;
const KAKAO_CHANNEL_EN = {
  ...shortText("kakaoChannelEn", "social.kakaoEn", "english"),
  label: { ko: "영문 카카오톡 채널", en: "KakaoTalk channel in English" },
  lang: "en",
  widget: { type: "text" },
  audit: "영문 카카오톡 채널",
  demo: true,
} as const;

/** The attributes of the input named `name` in rendered HTML. */
function attributesOf(html: string, name: string): string[] {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  return tag.match(/[\w-]+="[^"]*"/g) ?? [];
}

const FIELDS = defineSettingFields([...SITE_SETTING_FIELDS, KAKAO_CHANNEL, KAKAO_CHANNEL_EN]);

describe("the settings field model: a new setting is one entry", () => {
  it("the input schema validates and converts it, with its Korean message", () => {
    const schema = settingsInputSchema(FIELDS);
    const typed = { ...settingsFormValues(FIELDS, settingsDefaults(FIELDS)), kakaoChannel: "  @we_ent  " };
    const parsed = schema.parse(typed);
    expect(parsed.kakaoChannel).toBe("@we_ent");
    const refused = schema.safeParse({ ...typed, kakaoChannel: "가".repeat(101) });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]).toMatchObject({ path: ["kakaoChannel"], message: "100자 이내로 입력해 주세요." });
  });

  it("the defaults and the stored schema nest it where its storage says, and an older document reads it as the default", () => {
    const defaults = settingsDefaults(FIELDS);
    expect(defaults.social).toEqual({ ...DEFAULT_EDITABLE_SETTINGS.social, kakao: "", kakaoEn: "" });
    const stored = z.object(settingsStoredShape(FIELDS));
    // A document saved before the setting existed.
    const older = stored.parse(DEFAULT_EDITABLE_SETTINGS) as typeof defaults;
    expect(older.social.kakao).toBe("");
    expect(stored.safeParse({ ...defaults, social: { ...defaults.social, kakao: 3 } }).success).toBe(false);
  });

  it("form values, the submitted form, the write and the changed-field comparison pick it up", () => {
    const before = settingsDefaults(FIELDS);
    const values = settingsFormValues(FIELDS, before);
    expect(values.kakaoChannel).toBe("");
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...values, kakaoChannel: "@we" })) form.set(key, value);
    const typed = typedSettingsValues(FIELDS, form);
    expect(typed.kakaoChannel).toBe("@we");
    const after = applySettingsInput(FIELDS, before, settingsInputSchema(FIELDS).parse(typed));
    expect(after.social.kakao).toBe("@we");
    expect(before.social.kakao).toBe("");
    expect(changedSettings(FIELDS, before, after, ["applicationForm"])).toEqual(["social.kakao"]);
  });

  it("audit labels, demo flags, privacy policy settings and English fallbacks come from its entry", () => {
    expect(settingsAuditLabels(FIELDS)["social.kakao"]).toBe("카카오톡 채널");
    expect(demoSettings(FIELDS)).toContain("social.kakaoEn");
    expect(privacyPolicySettings(FIELDS)).toContain("social.kakao");
    const settings = { ...settingsDefaults(FIELDS), social: { ...settingsDefaults(FIELDS).social, kakao: "@we", kakaoEn: "" } };
    expect(withEnglishFallbacks(FIELDS, settings).social.kakaoEn).toBe("@we");
    expect(withEnglishFallbacks(FIELDS, { ...settings, social: { ...settings.social, kakaoEn: "@we_en" } }).social.kakaoEn).toBe("@we_en");
  });

  it("the settings form shows it in its group with label, hint, marker, demo note and error linked to the input", () => {
    const html = renderToStaticMarkup(
      <SettingsFields
        fields={FIELDS}
        groups={SETTINGS_GROUPS}
        values={{ kakaoChannel: "@we", kakaoChannelEn: "" }}
        errors={{ kakaoChannel: "100자 이내로 입력해 주세요." }}
        demo={new Set(["kakaoChannelEn"])}
      />,
    );
    expect(html).toContain('<label class="field__label" for="kakaoChannel">카카오톡 채널 (선택)</label>');
    expect(attributesOf(html, "kakaoChannel")).toEqual(
      expect.arrayContaining(['type="text"', 'id="kakaoChannel"', 'aria-invalid="true"', 'aria-describedby="kakaoChannel-error kakaoChannel-hint"', 'placeholder="@we"', 'value="@we"']),
    );
    expect(html).toContain('<span class="field__hint" id="kakaoChannel-hint">채널 이름을 적습니다.</span>');
    expect(html).toContain('<span class="field__error" id="kakaoChannel-error">100자 이내로 입력해 주세요.</span>');
    expect(attributesOf(html, "kakaoChannelEn")).toEqual(expect.arrayContaining(['aria-describedby="kakaoChannelEn-demo"', 'lang="en"']));
    expect(attributesOf(html, "kakaoChannelEn")).not.toContain('aria-invalid="true"');
    expect(html).toContain('<span class="field__demo" id="kakaoChannelEn-demo">예시 값입니다. 실제 정보로 바꿔 주세요.</span>');
    // In its group, after the fields declared before it.
    const social = html.slice(html.indexOf("<legend>소셜 미디어</legend>"), html.indexOf("<legend>홈 화면</legend>"));
    expect(social.indexOf('name="blog"')).toBeLessThan(social.indexOf('name="kakaoChannel"'));
  });
});

describe("the site's settings model", () => {
  it("every field of the site's form is in the input schema, and every stored setting has an audit label", () => {
    expect(Object.keys(siteSettingsInputSchema.shape)).toEqual(SITE_SETTING_FIELDS.map((field) => field.key));
    for (const field of SITE_SETTING_FIELDS) expect(SETTING_LABELS[settingOf(field)]).toBeTruthy();
    expect(SETTING_LABELS.applicationForm).toBe("지원서 양식");
  });

  it("every field belongs to a group of the form and stores into its own place", () => {
    const groups = new Set(SETTINGS_GROUPS.map((group) => group.id));
    for (const field of SITE_SETTING_FIELDS) expect(groups.has(field.group)).toBe(true);
    expect(new Set(SITE_SETTING_FIELDS.map((field) => field.storage)).size).toBe(SITE_SETTING_FIELDS.length);
  });

  it("a declared English variant names a field of the model", () => {
    const keys = new Set<string>(SITE_SETTING_FIELDS.map((field) => field.key));
    for (const field of SITE_SETTING_FIELDS) if ("englishVariant" in field && field.englishVariant) expect(keys.has(field.englishVariant)).toBe(true);
  });
});
