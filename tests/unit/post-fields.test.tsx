import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostFieldInputs } from "../../app/components/admin/post-fields";
import {
  definePostFields,
  emptyPostFields,
  imageFieldNames,
  pickPostFields,
  POST_CHOICE_KEYS,
  POST_FIELDS,
  postApiFields,
  postFieldLabels,
  postFieldsFromForm,
  postFieldsInLanguage,
  postFieldsOf,
  revisionedPostFields,
} from "../../app/domain/post-fields";
import { postEnglishInputSchema, postExtrasSchema, postFieldsShape, postInputSchema } from "../../app/domain/schemas";
import { z } from "../../app/domain/zod";

/** A field the site does not have yet: a subtitle beside the content, with its English twin. */
const FIELDS = definePostFields([
  ...POST_FIELDS,
  {
    key: "subtitle",
    label: "부제",
    kind: "plain",
    maxLength: 80,
    part: "choice",
    englishVariant: "subtitleEn",
    description: "목록에서 제목 아래에 보이는 부제.",
    revisioned: true,
    form: { rows: 2, hint: "제목 아래에 보입니다. 80자 이내." },
  },
  { key: "subtitleEn", label: "영문 부제", kind: "plain", maxLength: 80, part: "choice", lang: "en", description: "영문 부제.", revisioned: true, form: { rows: 2, hint: "제목 아래에 보입니다. 80자 이내." } },
]);

const library = { page: 1, pageCount: 1, total: 0, query: "", items: [] };

describe("the post field model: a new field is one entry", () => {
  it("its rule comes from its kind and limit, with Korean messages naming it", () => {
    const schema = z.object(postFieldsShape(postFieldsOf("choice", FIELDS)));
    expect(schema.parse({ subtitle: "  부제 ", subtitleEn: "" })).toMatchObject({ subtitle: "부제", subtitleEn: "", excerpt: "", featuredImage: "" });
    const refused = schema.safeParse({ subtitle: "가".repeat(81), subtitleEn: "<b>x</b>" });
    expect(refused.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["subtitle", "부제는 80자 이내로 입력해 주세요."],
      ["subtitleEn", "영문 부제에는 HTML을 쓸 수 없습니다. 글자로만 입력해 주세요."],
    ]);
    expect(schema.safeParse({ subtitle: 3 }).error!.issues[0]!.message).toBe("부제는 글자여야 합니다.");
  });

  it("the empty values, the submitted form, the labels and the revision's fields pick it up", () => {
    expect(emptyPostFields(FIELDS)).toMatchObject({ title: "", subtitle: "", subtitleEn: "" });
    const form = new FormData();
    form.set("subtitle", "부제");
    form.set("subtitleEn", "Subtitle");
    form.set("featuredImage", "/media/a.jpg");
    form.set(imageFieldNames("featuredImage").pick, "/media/b.jpg");
    expect(postFieldsFromForm(form, FIELDS)).toMatchObject({ subtitle: "부제", subtitleEn: "Subtitle", featuredImage: "/media/b.jpg", title: "" });
    form.set(imageFieldNames("featuredImage").remove, "1");
    expect(postFieldsFromForm(form, FIELDS).featuredImage).toBe("");
    expect(postFieldLabels(FIELDS)).toMatchObject({ subtitle: "부제", subtitleEn: "영문 부제", excerpt: "요약" });
    // A revision keeps it with the choices, before the content (the snapshot's order).
    expect(revisionedPostFields(FIELDS).map((f) => f.key)).toEqual([
      "featuredImage",
      "excerpt",
      "excerptEn",
      "seoDescription",
      "seoDescriptionEn",
      "subtitle",
      "subtitleEn",
      "title",
      "content",
      "titleEn",
      "contentEn",
    ]);
    expect(pickPostFields({ ...emptyPostFields(FIELDS), subtitle: "부제", other: "x" } as never, postFieldsOf("choice", FIELDS))).toEqual({ ...emptyPostFields(postFieldsOf("choice", FIELDS)), subtitle: "부제" });
  });

  it("the form shows it in its language: label, hint, limit, rows, language and its error linked to it", () => {
    const values = { ...emptyPostFields(FIELDS), subtitle: "부제", subtitleEn: "Sub" };
    const errors = { subtitle: "부제는 80자 이내로 입력해 주세요." };
    const props = { values, errors, onChange: () => {}, hydrated: false, library, resetKey: 0 };
    const korean = renderToStaticMarkup(<PostFieldInputs fields={postFieldsInLanguage("ko", FIELDS)} {...props} afterContent={<p id="after-content" />} />);
    const english = renderToStaticMarkup(<PostFieldInputs fields={postFieldsInLanguage("en", FIELDS)} {...props} />);
    expect(korean).toContain('<label class="field__label" for="subtitle">부제');
    expect(korean).toContain('<textarea id="subtitle" name="subtitle" aria-invalid="true" aria-describedby="subtitle-error subtitle-hint" rows="2" maxLength="80">부제</textarea>');
    expect(korean).toContain('<span class="field__hint" id="subtitle-hint">제목 아래에 보입니다. 80자 이내.</span>');
    expect(korean).toContain('<span class="field__error" id="subtitle-error">부제는 80자 이내로 입력해 주세요.</span>');
    expect(korean).not.toContain('name="subtitleEn"');
    // The Korean fields in order, what follows the content right after it.
    const order = ['name="title"', 'name="content"', 'id="after-content"', 'name="featuredImage"', 'name="excerpt"', 'name="seoDescription"', 'name="subtitle"'].map((s) => korean.indexOf(s));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(english).toMatch(/<textarea id="subtitleEn"[^>]* rows="2" maxLength="80" lang="en">Sub<\/textarea>/);
    expect(english).not.toContain('name="excerpt"');
  });
});

describe("the site's post fields", () => {
  it("keys are unique, every English variant names an English entry, and the schemas are the parts'", () => {
    expect(new Set(POST_FIELDS.map((f) => f.key)).size).toBe(POST_FIELDS.length);
    for (const field of POST_FIELDS) {
      if (!("englishVariant" in field)) continue;
      const variant = POST_FIELDS.find((f) => f.key === field.englishVariant);
      expect(variant, field.key).toMatchObject({ lang: "en", part: field.part, kind: field.kind, maxLength: field.maxLength });
    }
    expect(Object.keys(postInputSchema.shape)).toEqual(["title", "content"]);
    expect(Object.keys(postEnglishInputSchema.shape)).toEqual(["titleEn", "contentEn"]);
    expect(Object.keys(postExtrasSchema.shape)).toEqual(POST_CHOICE_KEYS);
    expect(postApiFields().map((f) => f.api.name)).toEqual(["title", "content", "titleEn", "contentEn"]);
  });
});
