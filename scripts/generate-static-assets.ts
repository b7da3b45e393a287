/**
 * Draws the static files in public/ with headless Chromium (Korean fonts: fonts-noto-cjk):
 * the organization chart, the audition application form (PDF), the Open Graph image and the logo PNG.
 * Run `npm run assets` after changing them; the outputs are committed.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const out = (p: string) => {
  const file = path.join(root, "public", p);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
};

const FONT = `"Noto Sans CJK KR", "Noto Sans KR", sans-serif`;
const LOGO_SVG = `<svg viewBox="0 0 220 64" xmlns="http://www.w3.org/2000/svg"><path d="M4 10h11l7 28 8-28h9l8 28 7-28h11L51 54H41l-7-25-7 25H17z" fill="currentColor"/><path d="M71 10h32v9H82v8h19v9H82v9h22v9H71z" fill="currentColor"/><circle cx="112" cy="49" r="5" fill="#e8799a"/><text x="124" y="30" font-size="13.5" font-weight="700" letter-spacing="2.2" fill="currentColor" font-family='${FONT}'>ENTER</text><text x="124" y="49" font-size="13.5" font-weight="700" letter-spacing="2.2" fill="currentColor" font-family='${FONT}'>TAINMENT</text></svg>`;

const ORG_CHART = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><style>
  body { margin: 0; font-family: ${FONT}; color: #17161c; background: #fff; }
  .chart { width: 1200px; height: 640px; box-sizing: border-box; padding: 56px 48px; display: flex; flex-direction: column; align-items: center; }
  .box { border-radius: 10px; padding: 14px 22px; text-align: center; font-weight: 700; }
  .ceo { background: #17161c; color: #fff; font-size: 24px; padding: 18px 48px; }
  .line { width: 2px; height: 34px; background: #c9c3cc; }
  .rail { width: 900px; height: 2px; background: #c9c3cc; }
  .divisions { display: grid; grid-template-columns: repeat(4, 1fr); gap: 28px; width: 1080px; }
  .division { display: flex; flex-direction: column; align-items: center; }
  .division .head { background: #f4b6c6; font-size: 20px; width: 100%; box-sizing: border-box; }
  .teams { margin-top: 18px; display: grid; gap: 12px; width: 100%; }
  .team { border: 2px solid #ece6ea; background: #faf7f8; font-size: 17px; font-weight: 600; }
  .team small { display: block; font-size: 13px; font-weight: 400; color: #6b6873; margin-top: 4px; }
  h1 { font-size: 18px; letter-spacing: 0.3em; color: #c2456d; margin: 0 0 26px; }
</style></head><body><div class="chart">
  <h1>ORGANIZATION</h1>
  <div class="box ceo">대표이사</div>
  <div class="line"></div><div class="rail"></div>
  <div class="divisions">
    ${[
      ["경영지원본부", [["재무·인사팀", "회계, 급여, 인사 관리"], ["법무·계약팀", "출연 계약, 권리 보호"]]],
      ["매니지먼트본부", [["매니지먼트 1팀", "영화·드라마 배우 전담"], ["매니지먼트 2팀", "무대·광고 배우 전담"], ["신인개발팀", "트레이닝, 프로필 제작"]]],
      ["콘텐츠전략본부", [["홍보·마케팅팀", "보도, 브랜드 협업"], ["디지털콘텐츠팀", "SNS, 영상 콘텐츠"]]],
      ["캐스팅본부", [["캐스팅팀", "작품 기획, 출연 제안"], ["오디션팀", "상시 오디션 운영"]]],
    ]
      .map(
        ([head, teams]) => `<div class="division"><div class="line" style="height:24px"></div><div class="box head">${head}</div><div class="teams">${(teams as string[][])
          .map(([t, d]) => `<div class="box team">${t}<small>${d}</small></div>`)
          .join("")}</div></div>`,
      )
      .join("")}
  </div>
</div></body></html>`;

const FORM_ROWS = [
  ["성명 (한글)", "성명 (영문)"],
  ["생년월일", "성별"],
  ["연락처", "이메일"],
  ["키 / 몸무게", "거주 지역"],
  ["소속사 유무", "SNS 계정"],
];

const APPLICATION_FORM = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><style>
  @page { size: A4; margin: 18mm 16mm; }
  body { font-family: ${FONT}; color: #17161c; font-size: 11pt; }
  header { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3px solid #17161c; padding-bottom: 8px; margin-bottom: 16px; }
  header svg { width: 150px; color: #17161c; }
  h1 { font-size: 20pt; margin: 0; letter-spacing: 0.1em; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 14px; }
  th, td { border: 1px solid #9a96a0; padding: 9px 10px; height: 20px; vertical-align: top; }
  th { background: #f6f1f3; width: 22%; text-align: left; font-weight: 700; }
  .photo { width: 30mm; height: 40mm; text-align: center; vertical-align: middle; color: #8d8a94; font-size: 9pt; }
  h2 { font-size: 12pt; margin: 16px 0 6px; }
  .tall { height: 110px; }
  .mid { height: 70px; }
  .note { font-size: 9pt; color: #55535e; line-height: 1.6; }
  .sign { margin-top: 18px; text-align: right; }
</style></head><body>
<header><div>${LOGO_SVG}</div><h1>오디션 지원서</h1></header>
<table><tr><td class="photo" rowspan="${FORM_ROWS.length + 1}">사진 부착<br>(3×4cm, 최근 3개월)</td><th>지원 분야</th><td colspan="3">□ 영화·드라마 &nbsp; □ 연극·뮤지컬 &nbsp; □ 광고·모델</td></tr>
${FORM_ROWS.map(([a, b]) => `<tr><th>${a}</th><td></td><th>${b}</th><td></td></tr>`).join("")}
</table>
<h2>학력 및 연기 교육</h2><table><tr><td class="mid"></td></tr></table>
<h2>출연 경력 (작품명 / 배역 / 연도)</h2><table><tr><td class="tall"></td></tr></table>
<h2>특기 및 자격</h2><table><tr><td class="mid"></td></tr></table>
<h2>자기소개 (하고 싶은 연기와 지금까지의 경험을 자유롭게 적어 주세요)</h2><table><tr><td class="tall"></td></tr></table>
<p class="note">· 작성한 지원서와 정면·전신 사진, 자기소개 영상 링크를 이메일로 보내 주세요. 메일 제목: [오디션 지원] 이름 / 나이<br>
· 1차 서류 심사 합격자에 한해 2주 이내에 개별 연락을 드리며, 2차 현장 오디션 일정은 따로 안내해 드립니다.<br>
· 제출하신 개인정보는 오디션 심사 목적으로만 사용하며 심사 종료 후 지체 없이 파기합니다. □ 위 내용에 동의합니다.</p>
<p class="sign">작성일: &nbsp;&nbsp;&nbsp;&nbsp;년 &nbsp;&nbsp;&nbsp;월 &nbsp;&nbsp;&nbsp;일 &nbsp;&nbsp;&nbsp; 지원자: &nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; (서명)</p>
</body></html>`;

const OG_IMAGE = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><style>
  body { margin: 0; }
  .og { width: 1200px; height: 630px; box-sizing: border-box; padding: 80px; display: flex; flex-direction: column; justify-content: center;
        background: linear-gradient(135deg, #fbe3ea 0%, #f4b6c6 55%, #e8799a 100%); font-family: ${FONT}; color: #17161c; }
  svg { width: 460px; color: #17161c; }
  p { font-size: 40px; font-weight: 700; margin: 40px 0 0; }
  small { font-size: 26px; margin-top: 14px; color: #3b3942; }
</style></head><body><div class="og">${LOGO_SVG}<p>Want and Experience</p><small>배우의 꿈을 함께 이루는 배우 매니지먼트</small></div></body></html>`;

const LOGO_PNG = `<!doctype html><html><head><style>body{margin:0;background:#fff}div{width:512px;height:512px;display:flex;align-items:center;justify-content:center}svg{width:440px;color:#17161c}</style></head><body><div>${LOGO_SVG}</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await page.setViewportSize({ width: 1200, height: 760 });
  await page.setContent(ORG_CHART);
  await page.locator(".chart").screenshot({ path: out("images/organization-chart.png") });

  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(OG_IMAGE);
  await page.locator(".og").screenshot({ path: out("og-image.png") });

  await page.setViewportSize({ width: 512, height: 512 });
  await page.setContent(LOGO_PNG);
  await page.locator("div").screenshot({ path: out("logo.png") });

  await page.setContent(APPLICATION_FORM);
  await page.pdf({ path: out("files/we-entertainment-audition-application.pdf"), format: "A4", printBackground: true, preferCSSPageSize: true });
} finally {
  await browser.close();
}
process.stdout.write("public/images/organization-chart.png, public/og-image.png, public/logo.png, public/files/*.pdf written\n");
