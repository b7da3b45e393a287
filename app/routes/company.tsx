import type { Route } from "./+types/company";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { organizationJsonLd } from "../lib/structured-data";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { localeOfPath, localizedPath, type Locale } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { PATHS } from "../domain/paths";
import { useLocale } from "../lib/locale";
import { TitledSection } from "../components/titled-section";

/** The company page's text in each language (the English is written for readers abroad, not word for word). */
const COMPANY_TEXT: Record<
  Locale,
  { title: string; lead: string; paragraphs: string[]; valuesTitle: string; values: [string, string][]; organization: string; chartAlt: string }
> = {
  ko: {
    title: "회사 소개",
    lead: "배우의 ‘하고 싶은 마음’과 ‘살아 낸 경험’을 존중하는 회사, WE ENTERTAINMENT입니다.",
    paragraphs: [
      "WE ENTERTAINMENT는 배우 매니지먼트를 전문으로 하는 엔터테인먼트 회사입니다. 우리는 연기가 대본 위의 기술만으로 완성되지 않는다고 생각합니다. 한 사람의 배우가 무엇을 표현하고 싶은지, 그리고 어떤 시간을 지나 지금에 이르렀는지가 화면과 무대 위에서 그 배우만의 얼굴을 만듭니다.",
      "그래서 우리는 배우의 창작 욕구와 경험을 가장 먼저 존중합니다. 작품을 고를 때에도, 캐릭터를 준비할 때에도 회사의 일정보다 배우의 목소리를 먼저 듣습니다. 현장에서 배우가 연기에만 집중할 수 있도록 스케줄과 계약, 홍보와 일상의 작은 일까지 매니지먼트 팀이 곁에서 함께합니다.",
      "‘WE’라는 이름에는 배우와 회사가 한 팀이라는 약속이 담겨 있습니다. 소속 배우 한 사람 한 사람의 꿈을 회사의 목표로 삼고, 신인 배우에게는 첫 무대를, 경력 배우에게는 새로운 도전을 찾아 드리며, 그 꿈이 이루어지는 순간까지 함께 걷겠습니다.",
    ],
    valuesTitle: "우리가 지키는 가치",
    values: [
      ["Want", "배우가 하고 싶은 이야기와 역할을 먼저 묻습니다."],
      ["Experience", "배우가 쌓아 온 시간과 경험을 연기의 가장 큰 자산으로 여깁니다."],
      ["Together", "소속 배우의 꿈을 회사의 꿈으로 삼고 끝까지 함께합니다."],
    ],
    organization: "조직도",
    chartAlt:
      "WE ENTERTAINMENT 조직도: 대표이사 아래 경영지원본부(재무·인사, 법무·계약), 매니지먼트본부(매니지먼트 1팀, 매니지먼트 2팀, 신인개발팀), 콘텐츠전략본부(홍보·마케팅, 디지털 콘텐츠), 캐스팅본부(캐스팅·오디션)",
  },
  en: {
    title: "About us",
    lead: "WE ENTERTAINMENT is built on respect for what actors want to create and for the lives that shape their work.",
    paragraphs: [
      "WE ENTERTAINMENT is an actor management company. We don't believe acting is only technique on the page: what actors want to say, and the paths that brought them here, are what make them unlike anyone else on screen or on stage.",
      "So we start with the actor. When we choose projects or prepare a role, we hear what the actor wants before we look at our own calendar. Our management team takes care of schedules, contracts, publicity and the everyday details, so that on set our actors can give all their attention to the work.",
      "The 'WE' in our name is a promise that actors and agency work as one team. Each actor's ambition becomes ours: a first break for newcomers, a fresh challenge for seasoned performers, and our support every step of the way.",
    ],
    valuesTitle: "What we stand for",
    values: [
      ["Want", "We begin by asking which stories and roles our actors want to take on."],
      ["Experience", "We see everything an actor has lived through as the richest source of their work."],
      ["Together", "Our actors' goals are our goals, and we stay with them all the way."],
    ],
    organization: "Organization",
    chartAlt:
      "WE ENTERTAINMENT organization chart: under the CEO, Management Support (finance and HR, legal and contracts), Artist Management (Management Teams 1 and 2, New Talent Development), Content Strategy (PR and marketing, digital content) and Casting (casting and auditions)",
  },
};

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const locale = localeOfPath(location.pathname);
  const seo = messagesFor(locale).seo;
  return seoMeta({
    title: seo.companyTitle,
    description: seo.companyDescription,
    path: localizedPath(locale, PATHS.company),
    locale,
    alternates: PATHS.company,
    origin: root.origin,
    jsonLd: organizationJsonLd(root, locale),
  });
}

export default function Company() {
  const text = COMPANY_TEXT[useLocale()];
  return (
    <article className="company">
      <EyebrowHeading look="page" eyebrow="COMPANY" title={text.title} />
      <TitledSection id="company-motto" className="company__intro" titleClassName="company__motto" title="Want and Experience">
        <p className="company__lead">{text.lead}</p>
        <div className="company__text">
          {text.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 20)}>{paragraph}</p>
          ))}
        </div>
      </TitledSection>
      <TitledSection id="company-values-title" className="company__values" titleClassName="visually-hidden" title={text.valuesTitle}>
        <ul className="values">
          {text.values.map(([name, sentence]) => (
            <li key={name}>
              <strong>{name}</strong>
              <span>{sentence}</span>
            </li>
          ))}
        </ul>
      </TitledSection>
      <TitledSection id="company-organization-title" className="company__organization" titleClassName="company__subtitle" title={text.organization}>
        <img src="/images/organization-chart.png" width={1200} height={640} alt={text.chartAlt} loading="lazy" decoding="async" />
      </TitledSection>
    </article>
  );
}
