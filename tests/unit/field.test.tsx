import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, FieldMessages } from "../../app/widgets/field";

describe("<Field>: one frame for every form field", () => {
  it("ties the label to the control and the control to its error and hint, error first", () => {
    const html = renderToStaticMarkup(
      <Field name="title" label="제목" hint="200자 이내" error="제목을 입력해 주세요.">
        {(control) => <input type="text" {...control} />}
      </Field>,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="title">제목</label>' +
        '<input type="text" id="title" aria-invalid="true" aria-describedby="title-error title-hint" name="title"/>' +
        '<span class="field__hint" id="title-hint">200자 이내</span><span class="field__error" id="title-error">제목을 입력해 주세요.</span></div>',
    );
  });

  it("without an error the control is valid and points at its hint only; a note sits between them", () => {
    const html = renderToStaticMarkup(
      <Field name="phone" label="전화번호" hint="예: 02-1234-5678" note={{ id: "phone-demo", className: "field__demo", text: "예시 값입니다." }}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(html).toContain('aria-describedby="phone-demo phone-hint"');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("field__error");
    expect(html.indexOf("phone-hint\">")).toBeLessThan(html.indexOf("phone-demo\">"));
  });

  it("marks required and optional fields in the label, and a required control as such", () => {
    const required = renderToStaticMarkup(
      <Field name="name" id="apply-name" label="이름" required requiredClassName="apply-form__required">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(required).toContain('<label class="field__label" for="apply-name">이름<span class="apply-form__required"> (필수)</span></label>');
    expect(required).toContain('aria-required="true"');
    const optional = renderToStaticMarkup(
      <Field name="blog" label="블로그 주소" optional>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(optional).toContain(">블로그 주소 (선택)</label>");
  });

  it("FieldMessages draws only what there is", () => {
    expect(renderToStaticMarkup(<FieldMessages name="gender" />)).toBe("");
    expect(renderToStaticMarkup(<FieldMessages name="gender" error="성별을 선택해 주세요." />)).toBe('<span class="field__error" id="gender-error">성별을 선택해 주세요.</span>');
  });
});
