import type { Route } from "./+types/audition-apply-complete";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { AUDITION_PATHS } from "../domain/auditions";
import { formatKst } from "../domain/kst";
import { PATHS } from "../domain/paths";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadCompletePage, NO_STORE } from "./audition-apply.server";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadCompletePage(getRequestContext(context), request);
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return [{ title: "지원서 접수 완료 | WE ENTERTAINMENT" }, { name: "robots", content: "noindex, nofollow" }];
}

const NEXT_STEPS = [
  "보내 주신 지원서와 사진, 영상을 캐스팅팀이 검토합니다.",
  "서류 합격자에 한해 2주 이내에 입력하신 휴대전화 번호나 이메일로 개별 연락을 드립니다.",
  "2차 현장 오디션은 지정 대본 연기와 자유 연기, 인터뷰로 진행하며 일정과 장소는 개별 안내해 드립니다.",
] as const;

/** After a successful application: the receipt number (from a short-lived signed cookie) and what comes next. */
export default function AuditionApplyComplete({ loaderData }: Route.ComponentProps) {
  const { receipt, auditionEmail } = loaderData;
  return (
    <article className="audition apply-complete">
      <EyebrowHeading look="page" eyebrow="AUDITION" title={receipt ? "지원서가 접수되었습니다" : "접수 내역을 찾을 수 없습니다"} />
      {receipt ? (
        <>
          <div className="receipt" role="status">
            <p className="receipt__label">접수 번호</p>
            <p className="receipt__number">{receipt.receiptNumber}</p>
            <p className="receipt__time">접수 일시: {formatKst(new Date(receipt.receivedAt))}</p>
          </div>
          <p>접수 번호를 적어 두세요. 문의하실 때 접수 번호를 알려 주시면 빠르게 확인해 드립니다.</p>
          <h2 className="audition__subtitle">NEXT</h2>
          <ol className="apply-complete__steps">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>
            지원서를 고치거나 지원을 취소하고 개인정보 삭제를 원하시면 <a href={`mailto:${auditionEmail}`}>{auditionEmail}</a>로 접수 번호와 함께 알려 주세요.
          </p>
        </>
      ) : (
        <p>
          접수 완료 화면은 제출한 브라우저에서 30분 동안만 볼 수 있습니다. 접수 여부가 궁금하시면 <a href={`mailto:${auditionEmail}`}>{auditionEmail}</a>로 문의해
          주세요.
        </p>
      )}
      <p className="apply-complete__links">
        <a className="button button--ghost" href={PATHS.audition}>
          오디션 안내
        </a>{" "}
        <a className="button button--ghost" href={PATHS.home}>
          홈으로
        </a>
      </p>
      <p className="apply-complete__policy">
        <a href={AUDITION_PATHS.privacy}>개인정보처리방침</a>
      </p>
    </article>
  );
}
