import type { ReactNode } from "react";
import type { Route } from "./+types/audition-apply-complete";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { AUDITION_PATHS } from "../domain/auditions";
import { formatKst } from "../domain/kst";
import { localeOfPath, localeOfPattern, localizedPath } from "../domain/locale";
import { PATHS } from "../domain/paths";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadCompletePage, NO_STORE } from "./audition-apply.server";

export function loader({ context, request, pattern }: Route.LoaderArgs) {
  return loadCompletePage(getRequestContext(context), request, localeOfPattern(pattern));
}

export function headers() {
  return NO_STORE;
}

const mail = (address: string) => <a href={`mailto:${address}`}>{address}</a>;

const PAGE = {
  ko: {
    documentTitle: "지원서 접수 완료",
    received: "지원서가 접수되었습니다",
    notFound: "접수 내역을 찾을 수 없습니다",
    receiptLabel: "접수 번호",
    receivedAt: (time: string) => `접수 일시: ${time}`,
    keepIt: "접수 번호를 적어 두세요. 문의하실 때 접수 번호를 알려 주시면 빠르게 확인해 드립니다.",
    next: [
      "보내 주신 지원서와 사진, 영상을 캐스팅팀이 검토합니다.",
      "서류 합격자에 한해 2주 이내에 입력하신 휴대전화 번호나 이메일로 개별 연락을 드립니다.",
      "2차 현장 오디션은 지정 대본 연기와 자유 연기, 인터뷰로 진행하며 일정과 장소는 개별 안내해 드립니다.",
    ],
    change: (address: string): ReactNode => <>지원서를 고치거나 지원을 취소하고 개인정보 삭제를 원하시면 {mail(address)}로 접수 번호와 함께 알려 주세요.</>,
    gone: (address: string): ReactNode => (
      <>
        접수 완료 화면은 제출한 브라우저에서 30분 동안만 볼 수 있습니다. 접수 여부가 궁금하시면 {mail(address)}로 문의해 주세요.
      </>
    ),
    audition: "오디션 안내",
    home: "홈으로",
    privacy: "개인정보처리방침",
  },
  en: {
    documentTitle: "Application received",
    received: "Your application has been received",
    notFound: "No application to show",
    receiptLabel: "Application number",
    receivedAt: (time: string) => `Received: ${time} (Korean time)`,
    keepIt: "Please keep a note of your application number. If you contact us, giving it will help us find your application quickly.",
    next: [
      "Our casting team will review your application, photos and video.",
      "We will contact shortlisted applicants individually within two weeks, by the phone number or e-mail address you gave.",
      "The in-person audition is a prepared scene, a free piece and an interview. We will let you know the date and place.",
    ],
    change: (address: string): ReactNode => (
      <>To correct your application, or to withdraw it and have your personal information deleted, please write to {mail(address)} with your application number.</>
    ),
    gone: (address: string): ReactNode => (
      <>This confirmation can only be seen for 30 minutes in the browser the application was sent from. To check whether we received your application, please write to {mail(address)}.</>
    ),
    audition: "Auditions",
    home: "Home",
    privacy: "Privacy policy",
  },
} as const;

export function meta({ location }: Route.MetaArgs) {
  const t = PAGE[localeOfPath(location.pathname)];
  return [{ title: `${t.documentTitle} | WE ENTERTAINMENT` }, { name: "robots", content: "noindex, nofollow" }];
}

/** After a successful application: the receipt number (from a short-lived signed cookie) and what comes next. */
export default function AuditionApplyComplete({ loaderData }: Route.ComponentProps) {
  const { receipt, auditionEmail, locale } = loaderData;
  const t = PAGE[locale];
  return (
    <article className="audition apply-complete">
      <EyebrowHeading look="page" eyebrow="AUDITION" title={receipt ? t.received : t.notFound} />
      {receipt ? (
        <>
          <div className="receipt" role="status">
            <p className="receipt__label">{t.receiptLabel}</p>
            <p className="receipt__number">{receipt.receiptNumber}</p>
            <p className="receipt__time">{t.receivedAt(formatKst(new Date(receipt.receivedAt)))}</p>
          </div>
          <p>{t.keepIt}</p>
          <h2 className="audition__subtitle">NEXT</h2>
          <ol className="apply-complete__steps">
            {t.next.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>{t.change(auditionEmail)}</p>
        </>
      ) : (
        <p>{t.gone(auditionEmail)}</p>
      )}
      <p className="apply-complete__links">
        <a className="button button--ghost" href={localizedPath(locale, PATHS.audition)}>
          {t.audition}
        </a>{" "}
        <a className="button button--ghost" href={localizedPath(locale, PATHS.home)}>
          {t.home}
        </a>
      </p>
      <p className="apply-complete__policy">
        <a href={localizedPath(locale, AUDITION_PATHS.privacy)}>{t.privacy}</a>
      </p>
    </article>
  );
}
