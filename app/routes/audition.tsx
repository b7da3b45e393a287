import type { Route } from "./+types/audition";
import { rootDataFromMatches, useRootData } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { PATHS } from "../domain/site-routes";
import { AUDITION_PATHS } from "../domain/auditions";
import { getRequestContext } from "../server/http/context.server";
import { applicationFormFileName } from "../server/site/application-form.server";
import { applicationFormSummaryOf, getSiteSettings } from "../server/site/settings.server";

/** The application form on offer (site settings): its type and size, and its download name. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSiteSettings(getRequestContext(context).runtime.db);
  return {
    applicationForm: {
      summary: applicationFormSummaryOf(settings),
      fileName: applicationFormFileName(settings.applicationForm?.type ?? "pdf"),
    },
  };
}

const STEPS = [
  { title: "지원서 다운로드 및 작성", text: "아래 버튼으로 지원서 양식을 내려받아 빠짐없이 작성해 주세요." },
  { title: "이메일 접수", text: "작성한 지원서와 최근 3개월 이내 촬영한 사진(정면, 전신), 자기소개 영상 링크를 이메일로 보내 주세요." },
  { title: "1차 서류 심사", text: "보내 주신 서류를 검토한 뒤, 서류 합격자에 한해 2주 이내에 개별 연락을 드립니다." },
  { title: "2차 현장 오디션", text: "지정 대본 연기와 자유 연기, 인터뷰로 진행하며 일정과 장소는 개별 안내해 드립니다." },
] as const;

export function meta({ matches }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return seoMeta({
    title: "AUDITION",
    description:
      "WE ENTERTAINMENT 오디션 안내: 지원서를 내려받아 작성한 뒤 이메일로 접수하면 1차 서류 심사와 2차 현장 오디션을 거쳐 함께할 배우를 찾습니다.",
    path: "/audition",
    origin: root.origin,
  });
}

export default function Audition({ loaderData }: Route.ComponentProps) {
  const { contact } = useRootData();
  return (
    <article className="audition">
      <EyebrowHeading look="page" eyebrow="AUDITION" title="오디션 안내" />

      <section className="audition__about" aria-labelledby="audition-about-title">
        <h2 id="audition-about-title" className="audition__subtitle">
          ABOUT
        </h2>
        <p>
          WE ENTERTAINMENT는 자신만의 이야기를 가진 배우를 기다립니다. 경력의 길이보다 연기를 대하는 태도와
          하고 싶은 것이 분명한 사람, 자신의 경험을 연기로 옮길 줄 아는 사람을 찾습니다.
        </p>
        <p>나이, 성별, 경력에 제한 없이 누구나 지원할 수 있으며, 오디션은 상시 진행됩니다. 지원 비용은 없습니다.</p>
      </section>

      <section className="audition__online" aria-labelledby="audition-online-title">
        <div>
          <h2 id="audition-online-title" className="audition__online-title">
            온라인으로 바로 지원하세요
          </h2>
          <p>지원서 작성부터 사진·영상 제출까지 한 번에 끝납니다. 접수하면 바로 접수 번호를 알려 드립니다.</p>
        </div>
        <a className="button audition__apply" href={AUDITION_PATHS.apply}>
          온라인 지원하기
        </a>
      </section>

      <section className="audition__steps" aria-labelledby="audition-steps-title">
        <h2 id="audition-steps-title" className="audition__subtitle">
          PROCESS
        </h2>
        <ol className="steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="steps__title">{step.title}</h3>
              <p className="steps__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="audition__reception" aria-labelledby="audition-reception-title">
        <h2 id="audition-reception-title" className="audition__subtitle">
          RECEPTION
        </h2>
        <dl className="reception">
          <div>
            <dt>온라인 접수</dt>
            <dd>
              <a href={AUDITION_PATHS.apply}>온라인 지원서 작성하기</a>
              <span className="reception__note">사진과 영상을 함께 올릴 수 있습니다.</span>
            </dd>
          </div>
          <div>
            <dt>이메일 접수</dt>
            <dd>
              <a href={`mailto:${contact.auditionEmail}?subject=${encodeURIComponent("[오디션 지원] 이름 / 나이")}`}>
                {contact.auditionEmail}
              </a>
              <span className="reception__note">메일 제목: [오디션 지원] 이름 / 나이</span>
            </dd>
          </div>
          <div>
            <dt>우편 접수</dt>
            <dd>
              {contact.address} {contact.companyName} 캐스팅팀 앞
            </dd>
          </div>
        </dl>
        <a className="button button--download" href={PATHS.applicationForm} download={loaderData.applicationForm.fileName}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          지원서 다운로드 ({loaderData.applicationForm.summary})
        </a>
        <p className="reception__privacy">
          제출하신 서류는 오디션 심사 목적으로만 사용하며, 심사가 끝나면 지체 없이 파기합니다.
        </p>
      </section>
    </article>
  );
}
