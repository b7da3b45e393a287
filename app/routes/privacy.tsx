import type { Route } from "./+types/privacy";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { PolicySection, RemedyList, sectionNumber } from "../components/privacy-policy-parts";
import { AUDITION_PATHS } from "../domain/audition-paths";
import { withParticle } from "../domain/korean";
import { formatKoreanDate, PRIVACY_POLICY_SECTIONS } from "../domain/privacy-policy";
import { PACKAGE_RETENTION_DAYS } from "../domain/casting-packages";
import { localeOfPath, localeOfPattern, localizedPath } from "../domain/locale";
import { rootDataFromMatches, useRootData } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { telHref } from "../lib/tel";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadPrivacyPolicy } from "./privacy.server";
import { PrivacyPolicyEnglish } from "./privacy-english";

/** Everything the policy states that the administrator can change (site settings), in the page's language. */
export function loader({ context, pattern }: Route.LoaderArgs) {
  return loadPrivacyPolicy(getRequestContext(context).runtime.db, localeOfPattern(pattern));
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const locale = localeOfPath(location.pathname);
  return seoMeta({
    title: locale === "en" ? "Privacy policy" : "개인정보처리방침",
    description:
      locale === "en"
        ? `How ${loaderData.companyName} processes the personal information of audition applicants, people who contact us and recipients of casting proposals: why, what, for how long and how it is destroyed, your rights, and how to reach our privacy officer. The Korean version governs.`
        : `${loaderData.companyName}(WE ENTERTAINMENT)가 오디션 지원자, 문의하신 분, 캐스팅 제안을 받는 분의 개인정보를 어떤 목적으로 무엇을 얼마 동안 처리하고 어떻게 파기하는지, 정보주체의 권리와 개인정보 보호책임자 연락처를 안내합니다.`,
    path: localizedPath(locale, AUDITION_PATHS.privacy),
    locale,
    alternates: AUDITION_PATHS.privacy,
    origin: root.origin,
  });
}

const REMEDIES = [
  { name: "개인정보침해신고센터", phone: "118", phoneNote: "국번 없이", href: "https://privacy.kisa.or.kr", note: "한국인터넷진흥원 운영" },
  { name: "개인정보분쟁조정위원회", phone: "1833-6972", phoneNote: null, href: "https://www.kopico.go.kr", note: null },
  { name: "대검찰청", phone: "1301", phoneNote: "국번 없이", href: "https://www.spo.go.kr", note: null },
  { name: "경찰청", phone: "182", phoneNote: "국번 없이", href: "https://ecrm.police.go.kr", note: "사이버수사국" },
] as const;

/** "이름과 휴대전화 번호를": items joined by 과/와, the last one with 을/를. */
function listWithObjectParticle(items: readonly string[]): string {
  const joined = items.map((item, i) => (i < items.length - 1 ? withParticle(item, "과/와") : item)).join(" ");
  return withParticle(joined, "을/를");
}


/**
 * /privacy (개인정보처리방침, PIPA Art. 30): generated from the site settings (retention period, privacy
 * officer, processors) and from what the code really does, so the page changes when they do. Public
 * and cacheable: a settings save empties the page cache like any other.
 */
export default function Privacy({ loaderData: policy }: Route.ComponentProps) {
  const { kakaoMapKey } = useRootData();
  if (policy.locale === "en") return <PrivacyPolicyEnglish policy={policy} kakaoMap={Boolean(kakaoMapKey)} />;
  const { consent, officer } = policy;
  const officerMail = `mailto:${officer.email}?subject=${encodeURIComponent("[개인정보 열람·정정·삭제 요구]")}`;
  return (
    <article className="privacy">
      <EyebrowHeading look="page" eyebrow="PRIVACY POLICY" title="개인정보처리방침" />

      <div className="privacy__intro">
        <p>
          {policy.companyName}(이하 ‘회사’)는 「개인정보 보호법」 제30조에 따라 정보주체의 개인정보를 보호하고, 이와 관련한 고충을 신속하고 원활하게 처리할 수 있도록
          다음과 같이 개인정보처리방침을 수립하여 공개합니다.
        </p>
        <p className="privacy__effective">시행일: {formatKoreanDate(policy.effectiveDate)}</p>
      </div>

      <nav className="privacy__toc" aria-labelledby="privacy-toc-title">
        <h2 id="privacy-toc-title" className="privacy__toc-title">
          목차
        </h2>
        <ol>
          {PRIVACY_POLICY_SECTIONS.map((section, i) => (
            <li key={section.id}>
              <a href={`#${section.id}-title`}>
                제{i + 1}조 {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <PolicySection locale="ko" id="purpose">
        <p>회사는 다음 목적을 위해서만 개인정보를 처리하며, 목적이 바뀌면 「개인정보 보호법」 제18조에 따라 별도의 동의를 받는 등 필요한 조치를 하겠습니다.</p>
        <ol className="privacy__list">
          <li>
            <strong>오디션 지원 접수와 심사</strong>: {consent.purpose}
          </li>
          <li>
            <strong>문의 응대</strong>: 이메일·전화로 받은 문의의 확인과 답변
          </li>
          <li>
            <strong>캐스팅 제안</strong>: 제작사·방송사 등의 캐스팅 담당자에게 배우 프로필 묶음(캐스팅 패키지)의 링크를 보내고, 열람 여부와 답변(관심 표시, 메시지)을
            확인
          </li>
          <li>
            <strong>홈페이지 보안</strong>: 자동 입력 등 부정한 지원의 방지, 관리자 계정 보호
          </li>
        </ol>
      </PolicySection>

      <PolicySection locale="ko" id="items">
        <p>회사는 다음 개인정보를 처리합니다. 주민등록번호 등 고유식별정보와 민감정보는 받지 않습니다.</p>
        <div className="privacy__table-wrap">
          <table className="privacy__table">
            <caption className="visually-hidden">처리하는 개인정보의 항목</caption>
            <thead>
              <tr>
                <th scope="col">구분</th>
                <th scope="col">항목</th>
                <th scope="col">수집 방법</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">온라인 오디션 지원</th>
                <td>
                  <span className="privacy__item-kind">필수</span> {consent.requiredItems.join(", ")}
                  <br />
                  <span className="privacy__item-kind">선택</span> {consent.optionalItems.join(", ")}
                </td>
                <td>
                  <a href={AUDITION_PATHS.apply}>온라인 지원서</a>(동의를 받은 뒤 수집)
                </td>
              </tr>
              <tr>
                <th scope="row">만 {policy.guardianAge}세 미만 지원자의 법정대리인</th>
                <td>
                  <span className="privacy__item-kind">필수</span> {consent.guardianItems.join(", ")}, 법정대리인 동의 여부
                </td>
                <td>온라인 지원서</td>
              </tr>
              <tr>
                <th scope="row">이메일·우편 지원과 문의</th>
                <td>보내신 분의 이메일 주소(우편은 주소), 이름, 지원서·문의에 적은 내용과 첨부한 사진·영상</td>
                <td>이메일, 우편, 전화</td>
              </tr>
              <tr>
                <th scope="row">캐스팅 제안을 받는 분</th>
                <td>
                  소속 회사, 이름(직함), 이메일 주소(선택). 제안 페이지를 이용하면 링크를 처음·마지막으로 연 일시와 방문 횟수, 열어 본 배우 프로필, PDF를 내려받은 횟수와
                  마지막 일시, 남긴 관심 표시(관심 있음·보류)와 메시지
                </td>
                <td>업무 연락(명함, 이메일, 전화)으로 받은 정보를 직원이 입력, 제안 페이지 이용 과정에서 자동 생성</td>
              </tr>
              <tr>
                <th scope="row">자동으로 생성되는 정보</th>
                <td>
                  지원서의 접수 일시와 동의 일시, 지원서를 보낸 기기의 IP 주소(원래 주소를 알 수 없는 값으로 바꾸어 지원 횟수 제한에만 사용), 서비스 오류를 확인하기 위한
                  요청 기록(요청한 페이지 주소, 응답 결과, 처리 시간)
                </td>
                <td>홈페이지 이용 과정에서 자동 생성</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>홈페이지의 요청 기록에는 방문자의 IP 주소를 남기지 않습니다. 회원 가입은 없으며, 홈페이지를 둘러보는 것만으로는 개인정보를 받지 않습니다.</p>
      </PolicySection>

      <PolicySection locale="ko" id="retention">
        <p>회사는 법령에 따른 보유 기간이나 정보주체에게 동의를 받은 기간 안에서 개인정보를 처리·보유합니다.</p>
        <ul className="privacy__list">
          <li>
            <strong>온라인 오디션 지원서</strong>(법정대리인 정보 포함): <span className="privacy__retention">{policy.retention}</span> 보유 기간 중이라도 지원자가 삭제를
            요구하면 바로 파기합니다.
          </li>
          <li>
            <strong>이메일·우편 지원서와 문의</strong>: 처리 목적을 이루면 지체 없이 파기하며, 오디션 지원서는 온라인 지원서의 보유 기간({policy.retentionDays}일)을 넘겨
            보관하지 않습니다.
          </li>
          <li>
            <strong>캐스팅 제안(패키지)과 받는 분의 정보, 방문 기록, 답변</strong>: 제안 링크가 닫힌 날(기간이 끝나거나 회사가 링크를 닫은 날)부터{" "}
            {PACKAGE_RETENTION_DAYS}일 동안 보유합니다. 그 전에라도 받는 분이 삭제를 요구하면 바로 파기합니다.
          </li>
          <li>
            <strong>지원 횟수 제한에 쓰는 값</strong>: 만든 때부터 하루가 지나면 삭제합니다.
          </li>
        </ul>
      </PolicySection>

      <PolicySection locale="ko" id="destruction">
        <p>회사는 보유 기간이 지나거나 처리 목적을 이룬 개인정보를 지체 없이 파기합니다.</p>
        <ol className="privacy__list">
          <li>
            <strong>파기 절차</strong>: 보유 기간이 지난 온라인 지원서는 사람의 손을 거치지 않고 홈페이지 서버가 주기적으로 찾아 자동으로 삭제합니다. 지원서를 지울 때
            사진·영상 파일도 함께 지웁니다. 삭제한 사실은 작업 기록에 접수번호, 접수일, 심사 결과, 삭제 일시만 남기고 이름·연락처 등 개인정보는 남기지 않습니다.
            보유 기간이 지난 캐스팅 제안도 같은 방식으로 받는 분의 정보, 방문 기록, 답변과 함께 자동으로 삭제하며, 작업 기록에는 제안의 제목과 삭제 일시만 남깁니다.
          </li>
          <li>
            <strong>파기 방법</strong>: 전자적 파일 형태의 정보는 데이터베이스와 파일 저장소에서 삭제하여 다시 열람할 수 없게 하고, 종이 문서는 분쇄하거나 소각합니다.
          </li>
        </ol>
      </PolicySection>

      <PolicySection locale="ko" id="third-party">
        <p>
          회사는 정보주체의 개인정보를 제3자에게 제공하지 않습니다. 정보주체가 따로 동의하거나 법률에 특별한 규정이 있는 경우 등 「개인정보 보호법」 제17조와 제18조에
          해당하는 경우에만 예외로 합니다.
        </p>
      </PolicySection>

      <PolicySection locale="ko" id="entrustment">
        {policy.processors.length > 0 ? (
          <>
            <p>회사는 원활한 업무 처리를 위해 다음과 같이 개인정보 처리 업무를 위탁하고 있습니다. 표에 없는 업무는 회사가 직접 처리합니다.</p>
            <div className="privacy__table-wrap">
              <table className="privacy__table privacy__table--processors">
                <caption className="visually-hidden">개인정보 처리 위탁 현황</caption>
                <thead>
                  <tr>
                    <th scope="col">수탁자</th>
                    <th scope="col">위탁하는 업무</th>
                  </tr>
                </thead>
                <tbody>
                  {policy.processors.map((processor) => (
                    <tr key={processor.task}>
                      <th scope="row">{processor.company}</th>
                      <td>{processor.task}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              위탁 계약을 맺을 때 「개인정보 보호법」 제26조에 따라 위탁 업무 외의 개인정보 처리 금지, 안전성 확보 조치, 재위탁 제한, 수탁자 관리·감독, 손해배상 등
              책임에 관한 사항을 문서로 정하고, 수탁자가 개인정보를 안전하게 처리하는지 감독합니다. 위탁 업무의 내용이나 수탁자가 바뀌면 이 방침으로 바로 알려 드립니다.
            </p>
          </>
        ) : (
          <p className="privacy__entrustment-none">
            회사는 개인정보 처리 업무를 외부에 위탁하지 않습니다. 앞으로 위탁하게 되면 위탁 업무의 내용과 수탁자를 이 방침으로 알려 드립니다.
          </p>
        )}
      </PolicySection>

      <PolicySection locale="ko" id="rights">
        <ol className="privacy__list">
          <li>정보주체는 회사에 언제든지 개인정보의 열람, 정정·삭제, 처리정지를 요구하고 동의를 철회할 수 있습니다. 지원서의 삭제를 요구하거나 동의를 철회하면 그 지원은 취소됩니다.</li>
          <li>
            요구는 개인정보 보호책임자에게 이메일(<a href={officerMail}>{officer.email}</a>)이나 전화(<a href={telHref(officer.phone)}>{officer.phone}</a>)로 할 수
            있습니다. 온라인 지원서는 접수번호를 함께 알려 주시면 빨리 찾을 수 있습니다.
          </li>
          <li>회사는 요구한 분이 본인이나 정당한 대리인인지 확인한 뒤, 요구를 받은 날부터 10일 이내에 처리하고 그 결과를 알려 드립니다.</li>
          <li>법정대리인이나 위임을 받은 사람 등 대리인을 통해서도 요구할 수 있습니다. 이때는 「개인정보 처리 방법에 관한 고시」 별지 제11호 서식에 따른 위임장을 내야 합니다.</li>
          <li>
            다른 법률에 특별한 규정이 있거나 다른 사람의 생명·신체를 해칠 우려가 있는 등 「개인정보 보호법」 제35조 제4항, 제37조 제2항에 해당하면 열람이나 처리정지
            요구가 제한될 수 있으며, 그 경우 이유를 알려 드립니다.
          </li>
          <li>정보주체는 자신이나 다른 사람의 개인정보를 잘못 적거나 다른 사람의 개인정보를 도용해 지원해서는 안 됩니다.</li>
        </ol>
      </PolicySection>

      <PolicySection locale="ko" id="children">
        <p>
          만 {policy.guardianAge}세 미만 아동이 오디션에 지원하면 회사는 「개인정보 보호법」 제22조의2에 따라 법정대리인의 동의를 받습니다. 이를 위해 법정대리인의{" "}
          {listWithObjectParticle(consent.guardianItems.map((item) => item.replace(/^법정대리인\s*/, "")))} 받으며, 법정대리인이 동의하지 않으면 지원서를 접수하지
          않습니다. 법정대리인 정보는 동의를 확인하는 데에만 쓰고 지원서와 함께 파기합니다. 법정대리인은 아동의 개인정보에 대해 제{sectionNumber("rights")}조의
          권리를 행사할 수 있습니다.
        </p>
      </PolicySection>

      <PolicySection locale="ko" id="safety">
        <p>회사는 「개인정보 보호법」 제29조에 따라 다음과 같은 안전성 확보 조치를 하고 있습니다.</p>
        <ol className="privacy__list">
          <li>
            <strong>접근 권한 관리</strong>: 직원마다 자기 계정을 따로 쓰고, 업무에 필요한 만큼만 역할로 권한을 줍니다. 지원서와 사진·영상은{" "}
            {policy.applicantRoles.join("·")} 역할의 직원만 볼 수 있습니다. 권한을 주거나 바꾸거나 거둔 기록은 {policy.accessChangeKeepYears}년 동안 보관합니다. 관리자
            로그인은 {policy.staffSession.idleMinutes}분 동안 사용하지 않거나 {policy.staffSession.maxHours}시간이 지나면 끝납니다.
          </li>
          <li>
            <strong>비밀번호 보호</strong>: 관리자 비밀번호는 되돌릴 수 없는 방식(argon2id)으로 암호화해 저장하고, 같은 곳에서 {policy.signInLimit.minutes}분 안에{" "}
            {policy.signInLimit.attempts}번 틀리면 로그인을 잠시 막습니다.
          </li>
          <li>
            <strong>2단계 인증</strong>: {policy.secondFactorForAll ? "모든 직원은" : `지원자 개인정보를 다루는 직원(${policy.applicantRoles.join("·")})은`} 비밀번호와 함께 휴대폰 인증 앱이 만드는 일회용 비밀번호(OTP)를 입력해야 로그인할 수 있습니다.
          </li>
          <li>
            <strong>전송 구간 암호화</strong>: 홈페이지는 암호화된 연결(HTTPS)로 운영하며, 관리자 로그인 쿠키는 자바스크립트로 읽을 수 없게 하고 암호화된 연결에서만
            보냅니다.
          </li>
          <li>
            <strong>파일 비공개 보관</strong>: 지원자의 사진·영상은 홈페이지의 공개 이미지와 분리된 저장소에 추측할 수 없는 이름으로 보관하고, 로그인한 관리자에게만
            보내며 브라우저나 중간 서버에 저장(캐시)되지 않게 합니다. 사진은 새로 인코딩하여 촬영 위치 등 메타데이터를 지웁니다.
          </li>
          <li>
            <strong>접속기록 보관·점검</strong>: 관리자가 지원서를 열람·검색하거나 사진·영상을 보고 내려받을 때, 목록을 내보내거나 상태·메모를 바꾸거나 삭제할 때마다
            계정, 일시, 접속 IP 주소, 대상 지원서(접수번호)와 처리 내용을 접속기록으로 남깁니다. 파일을 내려받거나 내보낼 때는 그 이유도 함께 남깁니다. 접속기록은
            위·변조 여부를 확인할 수 있는 방식으로 {policy.accessRecordYears}년 동안 보관하고 매월 점검합니다.
          </li>
        </ol>
      </PolicySection>

      <PolicySection locale="ko" id="cookies">
        <p>
          회사는 광고나 방문 분석 도구를 쓰지 않으며, 홈페이지를 둘러보는 방문자에게는 이용 정보를 저장하고 불러오는 쿠키(cookie)를 쓰지 않습니다. 쿠키는 관리자의 로그인 상태를
          유지하고(2단계 인증 중에는 5분 동안만 쓰는 쿠키 포함), 관리자가 로그인했던 브라우저를 알아보는 데에만 씁니다(다른 사람의 잘못된 로그인 시도 때문에
          관리자가 로그인하지 못하는 일이 없도록). 캐스팅 제안 링크를 연 분에게는 같은 방문을 한 번으로 세기 위해, 아무 의미 없는 임의의 값만 담고 그 제안 페이지에서만
          쓰이며 브라우저를 닫으면 사라지는 쿠키를 하나 씁니다.
          {kakaoMapKey
            ? " 다만 ‘오시는 길’의 지도는 카카오의 지도 서비스를 불러와 보여 주며, 이때 카카오가 자체 방침에 따라 쿠키를 쓸 수 있습니다."
            : null}{" "}
          쿠키 저장은 브라우저 설정(예: 크롬의 설정 › 개인정보 및 보안 › 서드 파티 쿠키)에서 거부할 수 있습니다.
        </p>
      </PolicySection>

      <PolicySection locale="ko" id="officer">
        <p>회사는 개인정보 처리에 관한 업무를 총괄하고, 정보주체의 불만 처리와 피해 구제를 맡는 개인정보 보호책임자를 다음과 같이 지정하고 있습니다.</p>
        <dl className="privacy__officer">
          <div>
            <dt>성명</dt>
            <dd>{officer.name}</dd>
          </div>
          <div>
            <dt>직책</dt>
            <dd>{officer.position}</dd>
          </div>
          <div>
            <dt>전화</dt>
            <dd>
              <a href={telHref(officer.phone)}>{officer.phone}</a>
            </dd>
          </div>
          <div>
            <dt>이메일</dt>
            <dd>
              <a href={officerMail}>{officer.email}</a>
            </dd>
          </div>
        </dl>
        <p>개인정보 열람 청구와 개인정보 보호에 관한 문의, 불만, 피해 구제 요청은 개인정보 보호책임자에게 해 주시기 바랍니다. 지체 없이 답변하고 처리하겠습니다.</p>
      </PolicySection>

      <PolicySection locale="ko" id="remedies">
        <p>개인정보 침해로 인한 구제를 받으려면 아래 기관에 분쟁 해결이나 상담을 신청할 수 있습니다.</p>
        <RemedyList remedies={REMEDIES} locale="ko" />
      </PolicySection>

      <PolicySection locale="ko" id="changes">
        <p>
          이 개인정보처리방침은 <strong>{formatKoreanDate(policy.effectiveDate)}</strong>부터 적용됩니다. 보유 기간, 개인정보 보호책임자, 처리 위탁처럼 방침의 내용이
          바뀌면 바뀐 내용을 이 페이지에 바로 반영하고 시행일을 함께 고쳐 알려 드립니다.
        </p>
      </PolicySection>
    </article>
  );
}
