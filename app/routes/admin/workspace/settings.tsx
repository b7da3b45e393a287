import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { MapFallback } from "../../../components/contact-section";
import { KakaoMap } from "../../../islands/kakao-map";
import { MAX_AUDITION_RETENTION_DAYS, MIN_AUDITION_RETENTION_DAYS, AUDITION_PATHS } from "../../../domain/auditions";
import { APPLICATION_FORM_FIELD, type SettingsField as SettingsFieldName, type SettingsFormValues } from "../../../domain/site-settings";
import type { AdminFormReply } from "../../../lib/admin-form-reply";
import { useRootData } from "../../../lib/root-data";
import { getRequestContext } from "../../../server/http/context.server";
import { handleWorkspaceSettingsAction, loadWorkspaceSettings } from "../../../server/workspace/settings.server";
import { WorkspaceHeader } from "../../../components/admin/workspace-ui";
import { submitKeepingTypedText } from "../../../lib/signed-out-submit";
import { FormErrorBanner } from "../../../components/admin/admin-form-shell";

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
  return [{ title: "사이트 설정 | WE ENTERTAINMENT 관리자" }, { name: "robots", content: "noindex, nofollow" }];
}

const DEMO_MESSAGE = "예시 값입니다. 실제 정보로 바꿔 주세요.";

type FieldProps = {
  name: SettingsFieldName;
  label: string;
  hint?: string;
  multiline?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">;

/** A labelled text field with its hint, its demo flag and its error message. */
function SettingsField({ name, label, hint, multiline, value, error, flagged, ...props }: FieldProps & { value: string; error: string | undefined; flagged: boolean }) {
  const describedBy = [error ? `${name}-error` : null, flagged ? `${name}-demo` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = { id: name, name, defaultValue: value, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return (
    <div className="field">
      <label className="field__label" htmlFor={name}>
        {label}
      </label>
      {multiline ? <textarea rows={6} {...common} lang={props.lang} /> : <input type="text" {...common} {...props} />}
      {hint ? (
        <span className="field__hint" id={`${name}-hint`}>
          {hint}
        </span>
      ) : null}
      {flagged && !error ? (
        <span className="field__demo" id={`${name}-demo`}>
          {DEMO_MESSAGE}
        </span>
      ) : null}
      {error ? (
        <span className="field__error" id={`${name}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * /admin/settings: what every page shows about the company (header, footer, contact block, home intro,
 * audition page), in one multipart form that works without JavaScript. Values still holding the demo's
 * placeholders are flagged next to their field.
 */
export default function WorkspaceSettings({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as AdminFormReply<SettingsFormValues> | undefined;
  // The form is drawn again from the server's last answer; an ended session (answered on the client,
  // lib/signed-out-submit.ts) keeps the form as it is, or what was typed would be lost.
  const [answered, setAnswered] = useState(reply);
  if (reply !== answered && !reply?.expired) setAnswered(reply);
  const values = answered?.values ?? loaderData.values;
  const errors = answered?.fields ?? {};
  const demo = new Set<string>(loaderData.demoFields);
  const saving = useNavigation().state === "submitting";
  const { contact, kakaoMapKey } = useRootData();
  const { lat, lng } = contact.map;

  const state = (name: SettingsFieldName) => ({ value: values[name], error: errors[name], flagged: demo.has(name) });

  return (
    <section className="workspace-page settings-page" aria-labelledby="settings-title">
      <WorkspaceHeader titleId="settings-title" title="사이트 설정" />
      <p className="workspace-help">
        회사 정보와 연락처는 모든 페이지의 머리말·꼬리말과 ‘오시는 길’에, 소개 글은 홈 화면에, 지원서 양식은 오디션 페이지에, 개인정보 처리 항목은 개인정보처리방침에 보입니다. 저장하면 바로 반영됩니다.
      </p>
      <FormErrorBanner reply={reply}>
        {reply?.values && Object.keys(errors).length > 0 ? <p>표시된 항목을 고친 뒤 다시 저장해 주세요. 파일을 골랐다면 다시 골라 주세요.</p> : null}
      </FormErrorBanner>
      <Form method="post" encType="multipart/form-data" className="admin-form settings-form" noValidate key={answered ? "reply" : "saved"}>
        <fieldset className="settings-form__group">
          <legend>회사</legend>
          <div className="admin-form__grid">
            <SettingsField {...state("companyName")} name="companyName" label="회사 이름 (한글)" autoComplete="organization" />
            <SettingsField {...state("companyNameEn")} name="companyNameEn" label="회사 이름 (영문)" lang="en" />
            <SettingsField {...state("representative")} name="representative" label="대표자 (선택)" hint="채우면 꼬리말에 보입니다." />
            <SettingsField {...state("businessNumber")} name="businessNumber" label="사업자등록번호 (선택)" placeholder="000-00-00000" inputMode="numeric" hint="채우면 꼬리말에 보입니다." />
          </div>
        </fieldset>
        <fieldset className="settings-form__group">
          <legend>연락처</legend>
          <div className="admin-form__grid">
            <SettingsField {...state("address")} name="address" label="주소" autoComplete="street-address" />
            <SettingsField {...state("phone")} name="phone" label="전화번호" placeholder="02-1234-5678" inputMode="tel" autoComplete="tel" />
            <SettingsField {...state("email")} name="email" label="대표 이메일" inputMode="email" autoComplete="email" />
            <SettingsField {...state("auditionEmail")} name="auditionEmail" label="오디션 접수 이메일" inputMode="email" />
            <SettingsField {...state("businessHours")} name="businessHours" label="운영 시간 (선택)" />
          </div>
        </fieldset>
        <fieldset className="settings-form__group">
          <legend>지도 위치</legend>
          <div className="admin-form__grid">
            <SettingsField {...state("mapLat")} name="mapLat" label="위도" inputMode="decimal" hint="예: 37.524283" />
            <SettingsField {...state("mapLng")} name="mapLng" label="경도" inputMode="decimal" hint="예: 127.037825" />
          </div>
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
        </fieldset>
        <fieldset className="settings-form__group">
          <legend>소셜 미디어</legend>
          <div className="admin-form__grid">
            <SettingsField {...state("instagram")} name="instagram" label="인스타그램 주소" type="url" />
            <SettingsField {...state("youtube")} name="youtube" label="유튜브 채널 주소" type="url" />
            <SettingsField {...state("blog")} name="blog" label="블로그 주소 (선택)" type="url" hint="채우면 머리말에 세 번째 아이콘이 보입니다." />
          </div>
        </fieldset>
        <fieldset className="settings-form__group">
          <legend>홈 화면</legend>
          <SettingsField {...state("homeIntro")} name="homeIntro" label="소개 글" multiline hint="빈 줄로 문단을 나눕니다." />
        </fieldset>
        <fieldset className="settings-form__group">
          <legend>영문 페이지</legend>
          <p className="settings-form__current">
            <a href="/en">영문 사이트(/en)</a>에 보이는 내용입니다. 비워 두면 한글 내용이 그대로 보입니다.
          </p>
          <div className="admin-form__grid">
            <SettingsField {...state("addressEn")} name="addressEn" label="영문 주소 (선택)" lang="en" placeholder="7F, 317 Dosan-daero, Gangnam-gu, Seoul" />
            <SettingsField {...state("businessHoursEn")} name="businessHoursEn" label="영문 운영 시간 (선택)" lang="en" />
          </div>
          <SettingsField {...state("homeIntroEn")} name="homeIntroEn" label="영문 홈 소개 글 (선택)" multiline lang="en" hint="빈 줄로 문단을 나눕니다." />
        </fieldset>
        <fieldset className="settings-form__group">
          <legend>개인정보 처리</legend>
          <p className="settings-form__current">
            아래 내용은 <a href={AUDITION_PATHS.privacy}>개인정보처리방침</a>에 그대로 보이며, 바꾸어 저장하면 방침의 시행일이 저장한 날로 바뀝니다.
          </p>
          <div className="admin-form__grid">
            <SettingsField
              {...state("auditionRetentionDays")}
              name="auditionRetentionDays"
              label="온라인 지원서 보유 기간 (일)"
              type="number"
              min={MIN_AUDITION_RETENTION_DAYS}
              max={MAX_AUDITION_RETENTION_DAYS}
              step={1}
              inputMode="numeric"
              hint={`${MIN_AUDITION_RETENTION_DAYS}일에서 ${MAX_AUDITION_RETENTION_DAYS}일 사이. 최종 결과가 정해진 날(결과가 없으면 접수일)부터 세며, 지나면 사진·영상과 함께 자동으로 파기합니다.`}
            />
          </div>
          <fieldset className="settings-form__subgroup">
            <legend>개인정보 보호책임자</legend>
            <div className="admin-form__grid">
              <SettingsField {...state("privacyOfficerName")} name="privacyOfficerName" label="보호책임자 이름" autoComplete="off" />
              <SettingsField {...state("privacyOfficerPosition")} name="privacyOfficerPosition" label="보호책임자 직책" autoComplete="off" />
              <SettingsField {...state("privacyOfficerPhone")} name="privacyOfficerPhone" label="보호책임자 전화번호" placeholder="02-1234-5678" inputMode="tel" autoComplete="off" />
              <SettingsField {...state("privacyOfficerEmail")} name="privacyOfficerEmail" label="보호책임자 이메일" inputMode="email" autoComplete="off" hint="열람·정정·삭제 요구를 받는 주소입니다." />
            </div>
          </fieldset>
          <fieldset className="settings-form__subgroup" aria-describedby="processors-hint">
            <legend>개인정보 처리 위탁 (선택)</legend>
            <p className="field__hint settings-form__note" id="processors-hint">
              수탁 업체의 회사 이름을 적습니다. 비워 두면 그 업무를 위탁하지 않는 것으로 표시합니다.
            </p>
            <div className="admin-form__grid">
              <SettingsField {...state("processorHosting")} name="processorHosting" label="호스팅 (서버 운영)" autoComplete="off" />
              <SettingsField {...state("processorStorage")} name="processorStorage" label="파일 저장소" autoComplete="off" />
              <SettingsField {...state("processorEmail")} name="processorEmail" label="이메일 발송" autoComplete="off" />
            </div>
          </fieldset>
        </fieldset>
        <fieldset className="settings-form__group">
          <legend>오디션 지원서 양식</legend>
          <p className="settings-form__current">
            지금 내려받는 파일: <a href={loaderData.applicationForm.href}>{loaderData.applicationForm.label}</a>
          </p>
          <div className="field">
            <label className="field__label" htmlFor={APPLICATION_FORM_FIELD}>
              새 파일로 바꾸기 (선택)
            </label>
            <input
              id={APPLICATION_FORM_FIELD}
              type="file"
              name={APPLICATION_FORM_FIELD}
              accept=".pdf,.hwp,.hwpx,.docx,application/pdf"
              aria-invalid={errors[APPLICATION_FORM_FIELD] ? true : undefined}
              aria-describedby={errors[APPLICATION_FORM_FIELD] ? `${APPLICATION_FORM_FIELD}-error ${APPLICATION_FORM_FIELD}-hint` : `${APPLICATION_FORM_FIELD}-hint`}
            />
            <span className="field__hint" id={`${APPLICATION_FORM_FIELD}-hint`}>
              PDF, HWP, HWPX, DOCX 문서, 10MB 이하. 파일 내용으로 형식을 확인합니다.
            </span>
            {errors[APPLICATION_FORM_FIELD] ? (
              <span className="field__error" id={`${APPLICATION_FORM_FIELD}-error`}>
                {errors[APPLICATION_FORM_FIELD]}
              </span>
            ) : null}
          </div>
        </fieldset>
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? "저장 중..." : "설정 저장"}
          </button>
        </div>
      </Form>
    </section>
  );
}
