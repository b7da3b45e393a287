import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArtistEnglishInputs, ArtistListInputs, ArtistTextInputs } from "../../app/components/admin/artist-fields";
import {
  ARTIST_FIELDS,
  artistEnglishFormValues,
  artistEnglishLines,
  artistFieldAuditLabels,
  artistFieldLabel,
  artistFieldsFromForm,
  creditList,
  defineArtistFields,
  emptyArtistFields,
  pickArtistFields,
  withArtistEnglishFallbacks,
  type ArtistFields,
} from "../../app/domain/artist-fields";
import { messagesFor } from "../../app/domain/messages";
import { artistEnglishSchemaNamed, artistFieldsShape, artistInputSchemaOf } from "../../app/domain/schemas";

/** Fields the site does not have yet: a one-line text with an English version, and a list of musicals. */
const FIELDS = defineArtistFields([
  ...ARTIST_FIELDS,
  {
    kind: "text",
    key: "hometown",
    seedName: "home",
    label: { ko: "출신지", en: "Hometown" },
    maxLength: 20,
    placeholder: "예: 부산",
    audit: "출신 지역",
    english: { placeholder: "e.g. Busan" },
  },
  creditList("musicals", "musicalList", { ko: "뮤지컬", en: "Musicals" }, "MUSICAL", ["예: 2023 뮤지컬 〈제목〉", "e.g. 2023 musical 'Title'"]),
]);

type Extended = ArtistFields & { hometown: string; musicals: string[] };

/** The attributes of the input named `name` in rendered HTML. */
function attributesOf(html: string, name: string): string[] {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  return tag.match(/[\w-]+="[^"]*"/g) ?? [];
}

describe("the artist field model: a new field is one entry", () => {
  const empty = emptyArtistFields(FIELDS) as Extended;

  it("the input schema validates it with its Korean messages, and its English version", () => {
    const schema = artistInputSchemaOf(FIELDS);
    const parsed = schema.parse({ ...empty, name: "한서윤", hometown: "  부산 ", musicals: ["  2023 〈A〉 ", ""], en: { hometown: "Busan", musicals: [] } });
    expect(parsed).toMatchObject({ hometown: "부산", musicals: ["2023 〈A〉"], en: { hometown: "Busan" } });
    expect(parsed.en).not.toHaveProperty("musicals");
    const refused = schema.safeParse({ ...empty, name: "한서윤", hometown: "가".repeat(21), en: { hometown: "B".repeat(21) } });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["hometown", "출신지는 20자 이내로 입력해 주세요."],
      ["en.hometown", "영문 출신지는 20자 이내로 입력해 주세요."],
    ]);
    // The API adapter's names.
    expect(Object.keys(artistFieldsShape(FIELDS, "seedName"))).toEqual(expect.arrayContaining(["home", "musicalList"]));
    expect(Object.keys(artistEnglishSchemaNamed("seedName", FIELDS).in.shape)).toEqual(expect.arrayContaining(["home", "musicalList"]));
  });

  it("the empty and picked values, the form's English values and the submitted form pick it up", () => {
    expect(empty).toMatchObject({ hometown: "", musicals: [] });
    expect(pickArtistFields({ ...empty, hometown: "부산", extra: 1 } as Extended, FIELDS)).toEqual({ ...empty, hometown: "부산" });
    expect(artistEnglishFormValues({}, FIELDS)).toMatchObject({ birthday: "", hometown: "", musicals: [] });
    const form = new FormData();
    form.set("hometown", "부산");
    form.append("musicals", "2023 〈A〉");
    form.append("musicals", "2024 〈B〉\n2025 〈C〉");
    form.set("en.hometown", "Busan");
    form.set("en.musicals", "2023 'A'");
    const read = artistFieldsFromForm(form, FIELDS) as unknown as Extended & { en: Record<string, unknown> };
    expect(read).toMatchObject({ hometown: "부산", musicals: ["2023 〈A〉", "2024 〈B〉", "2025 〈C〉"] });
    expect(read.en).toMatchObject({ hometown: "Busan", musicals: ["2023 'A'"] });
  });

  it("audit labels, the revision history's English lines and the English fallbacks come from its entry", () => {
    expect(artistFieldAuditLabels(FIELDS)).toMatchObject({ hometown: "출신 지역", musicals: "뮤지컬", awards: "수상" });
    expect(artistEnglishLines({ hometown: "Busan", musicals: ["A", "B"] } as never, FIELDS)).toEqual(["Hometown: Busan", "Musicals: A", "Musicals: B"]);
    const artist = { ...empty, hometown: "부산", musicals: ["〈A〉"] };
    const fallback = withArtistEnglishFallbacks(artist, {}, FIELDS);
    expect(fallback.values).toMatchObject({ hometown: "부산", musicals: ["〈A〉"] });
    expect(fallback.fellBack.map((f) => f.key)).toEqual(expect.arrayContaining(["hometown", "musicals"]));
    const translated = withArtistEnglishFallbacks(artist, { hometown: "Busan", musicals: ["'A'"] } as never, FIELDS);
    expect(translated.values).toMatchObject({ hometown: "Busan", musicals: ["'A'"] });
    expect(translated.fellBack.map((f) => f.key)).not.toContain("hometown");
  });

  it("the admin form shows it: label, hint, English version and error linked to the input", () => {
    const values = { ...empty, hometown: "부산" };
    const errors = { hometown: "출신지는 20자 이내로 입력해 주세요.", "en.musicals": "뮤지컬은 50개 이내로 입력해 주세요." };
    const html = renderToStaticMarkup(
      <>
        <ArtistTextInputs fields={FIELDS} values={values} errors={errors} onChange={() => {}} />
        <ArtistListInputs fields={FIELDS} values={values} errors={errors} onChange={() => {}} />
        <ArtistEnglishInputs fields={FIELDS} values={artistEnglishFormValues({}, FIELDS)} errors={errors} onChange={() => {}} />
      </>,
    );
    expect(html).toContain('<label class="field__label" for="hometown">출신지</label>');
    expect(attributesOf(html, "hometown")).toEqual(
      expect.arrayContaining(['id="hometown"', 'aria-invalid="true"', 'aria-describedby="hometown-error"', 'maxLength="20"', 'placeholder="예: 부산"', 'value="부산"']),
    );
    expect(html).toContain('<span class="field__error" id="hometown-error">출신지는 20자 이내로 입력해 주세요.</span>');
    expect(attributesOf(html, "en.hometown")).toEqual(expect.arrayContaining(['lang="en"', 'placeholder="e.g. Busan"']));
    expect(html).toContain('name="musicals"');
    expect(html).toContain("영문 뮤지컬 (Musicals)");
    expect(html).toContain("뮤지컬은 50개 이내로 입력해 주세요.");
    // After the fields declared before it.
    expect(html.indexOf('name="books"')).toBeLessThan(html.indexOf('name="musicals"'));
  });
});

describe("the site's artist fields", () => {
  it("keys, API names and columns are unique; the page's words agree with the model", () => {
    for (const prop of ["key", "seedName"] as const) expect(new Set(ARTIST_FIELDS.map((f) => f[prop])).size).toBe(ARTIST_FIELDS.length);
    for (const locale of ["ko", "en"] as const) {
      expect(artistFieldLabel("birthday", locale)).toBe(messagesFor(locale).artists.birthday);
      expect(artistFieldLabel("height", locale)).toBe(messagesFor(locale).artists.height);
    }
  });
});
