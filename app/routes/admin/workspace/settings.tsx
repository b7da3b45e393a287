import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { MapFallback } from "../../../components/contact-section";
import { KakaoMap } from "../../../islands/kakao-map";
import { AUDITION_PATHS } from "../../../domain/auditions";
import { SETTINGS_GROUPS, SITE_SETTING_FIELDS, type SettingsFormValues } from "../../../domain/site-settings";
import { APPLICATION_FORM_FIELD } from "../../../domain/application-form-file";
import type { StaffFormReply } from "../../../lib/admin-form-reply";
import { useRootData } from "../../../lib/root-data";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleWorkspaceSettingsAction, loadWorkspaceSettings } from "./settings.server";
import { WorkspacePage } from "../../../components/admin/workspace-ui";
import { submitKeepingTypedText } from "../../../lib/signed-out-submit";
import { FormErrorBanner } from "../../../components/admin/admin-form-shell";
import { SettingsFields } from "../../../components/admin/settings-fields";
import { Field } from "../../../widgets/field";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context }: Route.LoaderArgs) {
  return loadWorkspaceSettings(getRequestContext(context));
}

export function action({ context, request }: Route.ActionArgs) {
  return handleWorkspaceSettingsAction(getRequestContext(context), request);
}

/** With JavaScript: an ended session leaves the form as it is, with the "login expired" banner (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingTypedText(args);
}

export function meta() {
  return workspaceMeta("사이트 설정");
}

/**
 * /admin/settings: what every page shows about the company (header, footer, contact block, home intro,
 * audition page), in one multipart form that works without JavaScript. Values still holding the demo's
 * placeholders are flagged next to their field.
 */
export default function WorkspaceSettings({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as StaffFormReply<SettingsFormValues> | undefined;
  // The form is drawn again from the server's last answer; an ended session (answered on the client,
  // lib/signed-out-submit.ts) keeps the form as it is, or what was typed would be lost.
  const [answered, setAnswered] = useState(reply);
  if (reply !== answered && !reply?.expired) setAnswered(reply);
  const values = answered?.values ?? loaderData.values;
  const errors = answered?.fields ?? {};
  const demo = new Set<string>(loaderData.demoFields);
  const fileError = errors[APPLICATION_FORM_FIELD];
  const saving = useNavigation().state === "submitting";
  const { contact, kakaoMapKey } = useRootData();
  const { lat, lng } = contact.map;

  return (
    <WorkspacePage id="settings" className="settings-page" title="사이트 설정">
      <p className="workspace-help">
        회사 정보와 연락처는 모든 페이지의 머리말·꼬리말과 ‘오시는 길’에, 소개 글은 홈 화면에, 지원서 양식은 오디션 페이지에, 개인정보 처리 항목은 개인정보처리방침에 보입니다. 저장하면 바로 반영됩니다.
      </p>
      <FormErrorBanner reply={reply}>
        {reply?.values && Object.keys(errors).length > 0 ? <p>표시된 항목을 고친 뒤 다시 저장해 주세요. 파일을 선택했다면 다시 선택해 주세요.</p> : null}
      </FormErrorBanner>
      <Form method="post" encType="multipart/form-data" className="admin-form settings-form" noValidate key={answered ? "reply" : "saved"}>
        <SettingsFields
          fields={SITE_SETTING_FIELDS}
          groups={SETTINGS_GROUPS}
          values={values}
          errors={errors}
          demo={demo}
          extras={{
            map: {
              after: (
                <figure className="settings-map">
                  <div className="contact__map settings-map__frame">
                    <KakaoMap appKey={kakaoMapKey} lat={lat} lng={lng} label={contact.companyNameEn}>
                      <MapFallback label={contact.companyNameEn} address={contact.address} />
                    </KakaoMap>
                  </div>
                  <figcaption>
                    저장된 위치 ({lat}, {lng}):{" "}
                    <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`} target="_blank" rel="noopener noreferrer">
                      오픈스트리트맵에서 확인<span className="visually-hidden"> (새 창)</span>
                    </a>
                    {" · "}
                    <a href={`https://map.kakao.com/link/map/${encodeURIComponent(contact.companyName)},${lat},${lng}`} target="_blank" rel="noopener noreferrer">
                      카카오맵에서 확인<span className="visually-hidden"> (새 창)</span>
                    </a>
                  </figcaption>
                </figure>
              ),
            },
            english: {
              before: (
                <p className="settings-form__current">
                  <a href="/en">영문 사이트(/en)</a>에 보이는 내용입니다. 비워 두면 한글 내용이 그대로 보입니다.
                </p>
              ),
            },
            privacy: {
              before: (
                <p className="settings-form__current">
                  아래 내용은 <a href={AUDITION_PATHS.privacy}>개인정보처리방침</a>에 그대로 보이며, 바꾸어 저장하면 방침의 시행일이 저장한 날로 바뀝니다.
                </p>
              ),
            },
          }}
        />
        <fieldset className="settings-form__group">
          <legend>오디션 지원서 양식</legend>
          <p className="settings-form__current">
            지금 내려받는 파일: <a href={loaderData.applicationForm.href}>{loaderData.applicationForm.label}</a>
          </p>
          <Field name={APPLICATION_FORM_FIELD} label="새 파일로 바꾸기" optional hint="PDF, HWP, HWPX, DOCX 문서, 10MB 이하. 파일 내용으로 형식을 확인합니다." error={fileError}>
            {(control) => <input type="file" {...control} accept=".pdf,.hwp,.hwpx,.docx,application/pdf" />}
          </Field>
        </fieldset>
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? "저장 중..." : "설정 저장"}
          </button>
        </div>
      </Form>
    </WorkspacePage>
  );
}
