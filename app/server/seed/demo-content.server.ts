/**
 * Demo content seeded into an empty database at first start, so a fresh clone shows a living site.
 * Every person, work, brand, publication and festival here is fictional, and every address points
 * nowhere real: links use the reserved `.example` top-level domain (RFC 2606), phone numbers are
 * all zeros. The site settings mark their demo values so the settings page can say "to be replaced".
 *
 * The artists are data, in demo-artists.json (one record per artist, typed here). Cha Eun-seol's
 * English profile is partly translated on purpose: the English page shows her other lists in Korean,
 * with its note.
 */
import type { ArtistEnglish, ArtistFields } from "../../domain/artist-fields";
import demoArtists from "./demo-artists.json" with { type: "json" };
import { DEMO_CONTACT } from "../../domain/demo-contact";

/** A fictional artist: the fields of app/domain/artist-fields.ts, plus how to draw their photos. */
export interface DemoArtist extends ArtistFields {
  /** How many portrait photos to generate: 3, 4 or 5. */
  imageCount: 3 | 4 | 5;
  /** Two hex colours ("#rrggbb") for the generated portraits; distinct per artist. */
  palette: [string, string];
  /** The English profile; without it the English page shows the Korean entries. */
  en?: ArtistEnglish;
}

export interface DemoPost {
  kind: "news" | "notice";
  title: string;
  /** HTML using ONLY these tags: p, h1, h2, strong, em, u, s, blockquote, ol, ul, li, br, a (with href), img.
   *  Where a photo belongs, write exactly the token {{IMAGE}} on its own inside a <p>, e.g. <p>{{IMAGE}}</p>. Do not write <img> yourself. */
  html: string;
  /** date "YYYY-MM-DD" */
  writeDay: string;
  /** if html contains {{IMAGE}}, a short English label (≤ 24 chars, Latin letters/spaces only) for the generated image, e.g. "DRAMA SET" */
  imageLabel?: string;
  /** The English version, both or neither: same HTML rules and the same {{IMAGE}} token (the same photo). */
  titleEn?: string;
  htmlEn?: string;
}

export const DEMO_ARTISTS = demoArtists as DemoArtist[];

export const DEMO_NEWS: DemoPost[] = [
  {
    kind: "news",
    title: "한서윤, 영화 〈물결 아래의 집〉 주연 캐스팅 확정",
    titleEn: "Han Seo-yun Cast as the Lead in 'The House Beneath the Water'",
    writeDay: "2026-11-18",
    imageLabel: "SCRIPT READING",
    html: `<p>배우 한서윤이 영화 〈물결 아래의 집〉의 주연으로 최종 캐스팅되었습니다.</p><p>{{IMAGE}}</p><p>〈물결 아래의 집〉은 댐 건설로 물에 잠긴 고향 마을을 20년 만에 다시 찾은 다큐멘터리 감독 '해원'이, 가뭄으로 모습을 드러낸 옛 집터에서 어린 시절의 기억과 마주하게 되는 이야기입니다. 한서윤은 담담한 얼굴 뒤에 오래된 상실을 품은 해원 역을 맡아, 잊고 지냈던 시간과 천천히 화해해 가는 인물의 감정선을 섬세하게 그려 낼 예정입니다.</p><p>지난 11월 초 진행된 첫 대본 리딩에서 한서윤은 인물의 호흡을 정확하게 짚어 내며 제작진의 깊은 신뢰를 얻었습니다. 연출을 맡은 감독은 "해원은 말보다 침묵으로 더 많은 것을 이야기하는 인물이다. 한서윤 배우는 그 침묵의 무게를 누구보다 깊이 이해하고 있었다"며 캐스팅 이유를 밝혔습니다.</p><h2>제작 일정</h2><ul><li>크랭크인: 2026년 12월 중순</li><li>주요 촬영지: 충청북도 제천, 강원도 인제</li><li>개봉 목표: 2027년 하반기</li></ul><blockquote>"해원을 만나면서 멈춰 있던 시간도 결국 다시 흐른다는 것을 배웠습니다. 관객분들께 조용한 위로가 되는 영화를 만들고 싶습니다." - 한서윤</blockquote><p>2025년 영화 〈바람이 머무는 곳〉으로 제14회 한강영화제 여우주연상을 받은 한서윤은 이번 작품으로 다시 한번 스크린 주연에 나섭니다. WE ENTERTAINMENT는 배우가 작품에 온전히 몰입할 수 있도록 촬영 전 과정을 세심하게 지원하겠습니다. 많은 관심과 응원 부탁드립니다.</p>`,
    htmlEn: `<p>Actor Han Seo-yun has been confirmed as the lead of the film <em>The House Beneath the Water</em>.</p><p>{{IMAGE}}</p><p><em>The House Beneath the Water</em> follows Hae-won, a documentary filmmaker who returns, twenty years on, to the home village that disappeared under a dam reservoir. When a drought brings the site of her old house back into view, she comes face to face with memories of her childhood. Han plays Hae-won, a woman who carries an old loss behind a calm face, and will trace in fine detail how she slowly makes peace with the years she had set aside.</p><p>At the first script reading in early November, Han found the character's rhythm with precision and earned the production team's deep trust. Explaining the casting, the director said: "Hae-won says more through silence than through words. Han Seo-yun understood the weight of that silence better than anyone."</p><h2>Production schedule</h2><ul><li>Filming begins: mid-December 2026</li><li>Main locations: Jecheon, North Chungcheong Province, and Inje, Gangwon Province</li><li>Planned release: second half of 2027</li></ul><blockquote>"Meeting Hae-won taught me that even time that has stood still eventually starts to flow again. I want to make a film that offers audiences a quiet kind of comfort." — Han Seo-yun</blockquote><p>Han won Best Actress at the 14th Hangang Film Festival for <em>Where the Wind Rests</em> (2025), and this film sees her lead on the big screen once again. WE ENTERTAINMENT will support her closely throughout the production so she can devote herself fully to the work. Thank you for your interest and support.</p>`,
  },
  {
    kind: "news",
    title: "윤도겸, 제15회 한강영화제 남우주연상 수상",
    titleEn: "Yoon Do-gyeom Wins Best Actor at the 15th Hangang Film Festival",
    writeDay: "2026-10-02",
    imageLabel: "AWARD NIGHT",
    html: `<p>배우 윤도겸이 지난 9월 30일 열린 제15회 한강영화제 시상식에서 영화 〈늦은 밤의 증인〉으로 <strong>남우주연상</strong>을 수상했습니다.</p><p>{{IMAGE}}</p><p>〈늦은 밤의 증인〉은 야간 택시 기사 '강우진'이 우연히 한 사건의 유일한 목격자가 되면서 벌어지는 일을 그린 스릴러입니다. 윤도겸은 평범한 가장이 두려움과 양심 사이에서 흔들리다 끝내 진실을 말하기로 결심하기까지의 과정을 절제된 연기로 표현해 평단과 관객 모두에게 호평을 받았습니다. 특히 좁은 택시 안에서 대부분의 장면을 소화해야 했던 만큼, 작은 표정 변화만으로 긴장감을 쌓아 올린 연기가 높은 평가를 받았습니다.</p><h2>수상 소감</h2><blockquote>"우진이라는 사람은 특별한 영웅이 아니라 우리 곁에 있는 평범한 이웃이었습니다. 그런 사람이 용기를 내는 순간을 연기할 수 있어 행복했습니다. 늘 제가 하고 싶은 연기를 할 수 있도록 믿고 기다려 준 회사와, 매일 밤 함께 택시에 올라 준 스태프 여러분께 이 상을 바칩니다."</blockquote><p>윤도겸은 2015년 뮤지컬 앙상블로 데뷔한 이후 대학로 무대와 영화, 드라마를 오가며 꾸준히 연기의 폭을 넓혀 왔습니다. 이번 수상은 데뷔 11년 만에 받은 첫 주연상으로, 시상식 현장에 함께한 소속 배우 한서윤과 배준서도 객석에서 축하의 박수를 보냈습니다.</p><p>윤도겸은 현재 차기작을 검토하며 휴식을 취하고 있습니다. 앞으로도 진심을 담은 연기로 보답할 윤도겸에게 변함없는 응원 부탁드립니다.</p>`,
    htmlEn: `<p>Actor Yoon Do-gyeom won <strong>Best Actor</strong> for <em>The Late-Night Witness</em> at the 15th Hangang Film Festival awards ceremony on September 30.</p><p>{{IMAGE}}</p><p><em>The Late-Night Witness</em> is a thriller about Kang Woo-jin, a night-shift taxi driver who by chance becomes the only witness to an incident. Yoon's restrained performance, charting how an ordinary family man wavers between fear and conscience before finally deciding to tell the truth, was praised by critics and audiences alike. With most of his scenes played inside a cramped taxi, he built the tension through the smallest changes of expression, and that work drew particular acclaim.</p><h2>Acceptance speech</h2><blockquote>"Woo-jin isn't an extraordinary hero. He's an ordinary neighbor, the kind of person who lives next door to all of us. I was glad to play the moment someone like that finds his courage. I dedicate this award to my agency, which always believed in me and waited for me so I could do the work I wanted to do, and to the crew who got into that taxi with me night after night."</blockquote><p>Since his debut in a musical ensemble in 2015, Yoon has steadily broadened his range across the Daehangno stage, film and television. The award is his first for a leading role, eleven years after his debut; fellow WE ENTERTAINMENT actors Han Seo-yun and Bae Jun-seo were in the audience to applaud him.</p><p>Yoon is now taking a break while he considers his next project. Please keep supporting him as he continues to give every role his whole heart.</p>`,
  },
  {
    kind: "news",
    title: "차은설, 첫 단독 팬미팅 〈은설의 계절〉 개최",
    titleEn: "Cha Eun-seol to Hold Her First Solo Fan Meeting, 'The Season of Eun-seol'",
    writeDay: "2026-08-21",
    html: `<p>배우 차은설이 데뷔 후 첫 단독 팬미팅 〈은설의 계절〉을 개최합니다.</p><ul><li>일시: 2026년 9월 19일(토) 오후 5시</li><li>장소: 서울 마포구 하늘빛아트홀</li><li>예매: 9월 1일(화) 오후 8시부터 공식 예매처 단독 판매</li></ul><p>이번 팬미팅에서는 드라마 〈달리는 교실〉 비하인드 토크와 차은설이 직접 준비한 노래 무대, 팬들과 함께하는 게임 코너 등이 진행될 예정입니다. 자세한 예매 방법은 공식 SNS를 통해 안내해 드리겠습니다.</p>`,
    htmlEn: `<p>Actor Cha Eun-seol will hold <em>The Season of Eun-seol</em>, her first solo fan meeting since her debut.</p><ul><li>Date: Saturday, September 19, 2026, 5 p.m.</li><li>Venue: Haneulbit Art Hall, Mapo-gu, Seoul</li><li>Tickets: on sale from Tuesday, September 1, 8 p.m., exclusively through the official ticketing partner</li></ul><p>The program includes behind-the-scenes stories from the drama <em>The Running Classroom</em>, a song Cha has prepared herself, and games with the fans. Details on how to book will be posted on our official social media.</p>`,
  },
  {
    kind: "news",
    title: "오채린, 《모노 매거진》 7월호 커버 화보 공개",
    titleEn: "Oh Chae-rin Covers the July Issue of MONO Magazine",
    writeDay: "2026-06-12",
    imageLabel: "MAGAZINE COVER",
    html: `<p>배우 오채린이 패션 매거진 《모노 매거진》 7월호 커버를 장식했습니다.</p><p>{{IMAGE}}</p><p>'한여름의 정적'을 주제로 한 이번 화보에서 오채린은 절제된 흑백 의상과 자연광만을 활용한 촬영으로 특유의 단단하고 서늘한 분위기를 보여 주었습니다. 함께 진행된 인터뷰에서는 하반기 개봉을 앞둔 영화 〈소리 없는 방〉의 준비 과정과 <em>"익숙한 얼굴보다 낯선 얼굴을 더 많이 보여 주고 싶다"</em>는 배우로서의 바람을 솔직하게 전했습니다.</p><p>화보와 인터뷰 전문은 《모노 매거진》 7월호와 공식 온라인 채널에서 만나 보실 수 있습니다.</p>`,
    htmlEn: `<p>Actor Oh Chae-rin is the cover star of the July issue of the fashion magazine <em>MONO Magazine</em>.</p><p>{{IMAGE}}</p><p>Shot around the theme of "midsummer stillness," using pared-back black-and-white clothes and nothing but natural light, the shoot shows off her signature poised, cool presence. In the accompanying interview she talks candidly about preparing for her film <em>The Silent Room</em>, out in the second half of the year, and about what she hopes for as an actor: <em>"I want to show more unfamiliar faces than familiar ones."</em></p><p>The full shoot and interview are in the July issue of <em>MONO Magazine</em> and on the magazine's official online channels.</p>`,
  },
  {
    kind: "news",
    title: "WE ENTERTAINMENT, 신인 배우 진하람과 전속계약 체결",
    writeDay: "2026-04-03",
    html: `<p>WE ENTERTAINMENT가 신인 배우 진하람과 전속계약을 체결했습니다.</p><p>2004년생인 진하람은 서울예술대학교 연기과에 재학 중인 신예로, 184cm의 훤칠한 키와 선이 굵은 인상, 그리고 나이답지 않게 차분한 눈빛을 지닌 배우입니다. 2024년 연극 〈열아홉 번째 여름〉으로 처음 무대에 선 뒤, 단편영화 〈첫차를 기다리며〉에서 새벽 첫차를 기다리는 고등학생 '도진' 역을 맡아 제11회 청춘단편영화제 신인연기상을 받으며 업계의 주목을 받았습니다.</p><h2>계약 배경</h2><p>WE ENTERTAINMENT는 진하람이 단편영화 현장에서 보여 준 태도에 깊은 인상을 받았습니다. 매 촬영 전 스스로 인물의 하루를 글로 써 오고, 리허설이 끝나면 먼저 스태프들에게 다가가 의견을 묻던 모습은 '배우의 창작 욕구와 경험을 존중한다'는 회사의 철학과 자연스럽게 맞닿아 있었습니다.</p><blockquote>"처음 회사를 찾아갔을 때 '어떤 배우가 되고 싶은지'보다 '지금 무엇을 가장 해 보고 싶은지'를 먼저 물어봐 주셨어요. 그 질문 하나로 이곳에서라면 제 속도대로 오래 연기할 수 있겠다는 믿음이 생겼습니다." - 진하람</blockquote><p>진하람은 태권도 공인 3단의 실력과 힙합 댄스, 랩 등 다양한 재능을 갖추고 있어 장르를 가리지 않는 활약이 기대됩니다. 현재 MBC 새 드라마 〈빛나는 오답〉 출연을 논의 중이며, 전속계약을 기념한 첫 프로필 사진은 이달 중 공식 SNS를 통해 공개될 예정입니다.</p><p>WE ENTERTAINMENT는 진하람이 자신만의 색깔을 지닌 배우로 성장할 수 있도록 아낌없이 지원하겠습니다. 새로운 가족이 된 진하람에게 많은 관심과 응원 부탁드립니다.</p>`,
  },
  {
    kind: "news",
    title: "민재하·남궁하린 출연 JTBC 〈겨울 정원의 약속〉 오늘 첫 방송",
    writeDay: "2026-02-09",
    html: `<p>배우 민재하와 남궁하린이 출연하는 JTBC 새 월화드라마 〈겨울 정원의 약속〉이 오늘(9일) 밤 10시 30분 첫 방송됩니다.</p><p>〈겨울 정원의 약속〉은 폐업 위기에 놓인 온실 식물원을 물려받은 청년 정원사 '이도하'가 사람들의 사연이 담긴 식물을 돌보며 함께 성장해 가는 힐링 드라마입니다. 민재하는 무뚝뚝하지만 속정 깊은 주인공 이도하 역을, 남궁하린은 매일 식물원을 찾아오는 미대생 '채서' 역을 맡았습니다.</p><p>두 배우의 따뜻한 호흡에 많은 시청 부탁드립니다.</p>`,
  },
  {
    kind: "news",
    title: "2025 올해의 드라마 어워즈, 소속 배우 3인 수상",
    writeDay: "2025-12-22",
    imageLabel: "YEAR END AWARDS",
    html: `<p>지난 12월 20일 열린 '2025 올해의 드라마 어워즈'에서 WE ENTERTAINMENT 소속 배우 세 명이 나란히 트로피를 들어 올렸습니다. 한 해 동안 배우들을 아껴 주신 시청자 여러분께 진심으로 감사드립니다.</p><p>{{IMAGE}}</p><h2>수상 내역</h2><ul><li><strong>유세나</strong> - 여자 우수연기상 (tvN 〈그 여름의 레시피〉)</li><li><strong>민재하</strong> - 남자 신인상 (MBC 〈청춘 배달부〉)</li><li><strong>차은설</strong> - 여자 신인상 (tvN 〈우리 동네 체육관〉)</li></ul><p>유세나는 〈그 여름의 레시피〉에서 작은 식당을 지키는 셰프 '나혜' 역을 맡아, 주인공 서가윤 역의 오채린과 친자매 같은 호흡을 보여 주며 극의 중심을 단단히 받쳤습니다. 무대에 오른 유세나는 "같은 회사 동료이자 극 중 동생이었던 채린 씨와 함께 받은 상이라고 생각한다"며 환하게 웃었습니다.</p><p>민재하는 〈청춘 배달부〉에서 배달 일을 하며 웹툰 작가의 꿈을 키우는 청년 '유찬'을 연기해 또래 시청자들의 큰 공감을 얻었습니다. 차은설은 〈우리 동네 체육관〉에서 밝고 씩씩한 복싱 유망주 '소라'로 분해 신인답지 않은 존재감을 보여 주었습니다.</p><blockquote>"연기를 하고 싶다는 마음 하나로 시작했는데, 그 마음을 끝까지 지켜 주신 분들 덕분에 이 자리에 섰습니다." - 차은설</blockquote><p>세 배우는 2026년에도 새 작품으로 시청자 여러분을 찾아갈 예정입니다. 소속 배우들의 꿈이 현실이 될 수 있도록 WE ENTERTAINMENT가 언제나 곁에서 함께하겠습니다.</p>`,
  },
  {
    kind: "news",
    title: "권도윤, 연극 〈밤의 정류장〉으로 9년 만에 무대 복귀",
    writeDay: "2025-10-24",
    html: `<p>배우 권도윤이 연극 〈밤의 정류장〉으로 9년 만에 대학로 무대에 돌아옵니다.</p><p>〈밤의 정류장〉은 막차가 끊긴 시골 버스 정류장에서 우연히 하룻밤을 함께 보내게 된 세 사람의 이야기를 그린 작품입니다. 권도윤은 말수 적은 정류장 관리인 '만수' 역을 맡아 깊이 있는 연기를 선보일 예정입니다. 공연은 11월 14일(금)부터 12월 28일(일)까지 대학로 해오름소극장에서 이어집니다.</p>`,
  },
  {
    kind: "news",
    title: "유세나, 시리즈 〈검은 호수〉 주연 확정",
    writeDay: "2025-08-08",
    html: `<p>배우 유세나가 OTT 시리즈 〈검은 호수〉의 주연으로 확정되었습니다. 〈검은 호수〉는 15년 전 호숫가 마을에서 사라진 동생의 흔적을 좇는 형사 '한유진'의 이야기를 그린 8부작 미스터리 스릴러입니다.</p><p>유세나는 데뷔 이후 처음으로 형사 역할에 도전하며, 촬영을 앞두고 액션 훈련과 현직 형사 인터뷰 등으로 인물을 준비하고 있습니다. 〈검은 호수〉는 올가을 촬영을 시작해 2026년 공개될 예정입니다.</p>`,
  },
  {
    kind: "news",
    title: "배준서 주연 〈안개의 온도〉, 제8회 바다빛영화제 개막작 선정",
    writeDay: "2025-06-13",
    imageLabel: "PREMIERE NIGHT",
    html: `<p>배우 배준서가 주연을 맡은 영화 〈안개의 온도〉가 제8회 바다빛영화제 개막작으로 선정되었습니다.</p><p>{{IMAGE}}</p><p>〈안개의 온도〉는 안개가 자주 끼는 항구 도시에서 30년째 등대를 지켜 온 '한석'이 낯선 청년을 만나며 닫아 두었던 마음을 조금씩 여는 이야기입니다. 배준서는 거칠지만 다정한 한석 역으로 묵직한 존재감을 보여 줄 예정입니다.</p><p>바다빛영화제는 7월 10일(목)부터 닷새간 열리며, 배준서는 개막식 레드카펫과 관객과의 대화에 참석합니다.</p>`,
  },
  {
    kind: "news",
    title: "한서윤·민재하·차은설, 《레이어드》 4월호 봄 특집 화보 공개",
    writeDay: "2025-03-28",
    html: `<p>배우 한서윤, 민재하, 차은설이 매거진 《레이어드》 4월호 봄 특집 화보에 함께했습니다.</p><p>'다시 피어나는 계절'을 주제로 진행된 이번 화보에서 세 배우는 파스텔 톤의 봄 의상을 입고 저마다 다른 매력을 보여 주었습니다. 촬영 내내 이어진 유쾌한 분위기 덕분에 예정보다 많은 컷이 완성되었다는 후문입니다. 함께 실린 인터뷰에서는 올해 각자 가장 해 보고 싶은 도전에 대한 이야기도 나누었습니다.</p>`,
  },
  {
    kind: "news",
    title: "WE ENTERTAINMENT 2025년 새해 인사",
    writeDay: "2025-01-06",
    html: `<p>2025년 새해가 밝았습니다. 지난 한 해 WE ENTERTAINMENT와 소속 배우들에게 보내 주신 따뜻한 관심과 응원에 진심으로 감사드립니다.</p><h2>Want and Experience</h2><p>WE ENTERTAINMENT라는 이름에는 'Want and Experience', 곧 배우의 창작에 대한 욕구와 그들이 쌓아 온 경험을 무엇보다 존중하겠다는 다짐이 담겨 있습니다. 배우가 하고 싶은 이야기를 마음껏 꺼낼 수 있을 때 가장 좋은 연기가 나온다고 믿기에, 저희는 작품을 고르는 순간부터 마지막 촬영까지 배우의 목소리에 먼저 귀를 기울여 왔습니다.</p><p>지난해 한서윤은 드라마 〈봄날의 편지〉로 시청자들에게 깊은 여운을 남겼고, 오채린은 영화 〈파란 우산의 주인〉으로 서울시네마어워즈 신인여우상을 받았습니다. 막내 남궁하린 역시 단편영화 〈종이비행기의 계절〉로 청춘단편영화제 신인연기상을 받으며 첫 트로피를 품에 안았습니다. 한 사람 한 사람의 성취가 모두 배우 스스로의 선택과 노력에서 비롯되었다는 점이 저희에게는 가장 큰 기쁨입니다.</p><h2>2025년, 이렇게 함께하겠습니다</h2><ol><li>배우가 원하는 작품과 역할에 도전할 수 있도록 더 넓은 기회를 찾겠습니다.</li><li>무대와 영화, 드라마를 오가며 경험을 쌓을 수 있도록 장기적인 성장 계획을 함께 세우겠습니다.</li><li>팬 여러분과 더 자주, 더 가까이 만날 수 있는 자리를 마련하겠습니다.</li></ol><blockquote>배우의 꿈이 곧 회사의 꿈입니다. 소속 배우들이 품은 꿈이 현실이 되는 그날까지, WE ENTERTAINMENT는 늘 곁에서 함께 걷겠습니다.</blockquote><p>새해에도 건강과 행복이 가득하시길 바랍니다. 감사합니다.</p>`,
  },
];

export const DEMO_NOTICES: DemoPost[] = [
  {
    kind: "notice",
    title: "2027 상반기 신인 배우 공개 오디션 안내",
    titleEn: "Open Audition for New Actors, First Half of 2027",
    writeDay: "2026-11-20",
    imageLabel: "OPEN AUDITION",
    html: `<p>WE ENTERTAINMENT가 함께 꿈을 키워 갈 신인 배우를 찾습니다. 연기에 대한 뜨거운 욕구와 자신만의 경험을 이야기로 풀어낼 수 있는 분이라면 경력과 관계없이 누구나 지원하실 수 있습니다.</p><p>{{IMAGE}}</p><h2>모집 개요</h2><ul><li>모집 분야: 영화·드라마·연극 연기자 (성별 무관)</li><li>지원 자격: 2010년 12월 31일 이전 출생자, 경력 무관 (미성년자는 보호자 동의서 필수)</li><li>접수 기간: 2026년 12월 1일(화) ~ 12월 31일(목) 자정까지</li><li>접수 방법: 이메일 접수 (<a href="mailto:${DEMO_CONTACT.auditionEmail}">${DEMO_CONTACT.auditionEmail}</a>)</li></ul><h2>제출 서류</h2><ol><li>지원서 1부 (오디션 페이지에서 양식 내려받기)</li><li>최근 3개월 이내에 촬영한 정면 사진과 전신 사진 각 1장 (보정 최소화)</li><li>1분 이내의 자유 연기 영상 (휴대전화 촬영 가능)</li></ol><h2>전형 절차</h2><p>1차 서류 및 영상 심사, 2차 실기 오디션(2027년 1월 23일(토) 예정), 3차 미팅과 최종 합격자 발표 순서로 진행됩니다. 1차 합격자에게는 2027년 1월 15일(금)까지 개별 연락을 드리며, 불합격자에게는 따로 연락드리지 않는 점 양해 부탁드립니다.</p><blockquote><strong>WE ENTERTAINMENT는 오디션 과정에서 어떠한 명목으로도 비용을 요구하지 않습니다.</strong> 오디션 응시료, 프로필 촬영비, 연기 레슨비 등을 요구받으셨다면 즉시 대표 번호(${DEMO_CONTACT.phone})로 알려 주시기 바랍니다.</blockquote><p>제출하신 서류와 영상은 심사 목적으로만 사용되며, 전형이 끝난 뒤 6개월 이내에 안전하게 파기됩니다. 여러분의 많은 지원을 기다립니다.</p>`,
    htmlEn: `<p>WE ENTERTAINMENT is looking for new actors to grow with us. If you have a real hunger to act and can turn your own experiences into stories, you are welcome to apply, whatever your experience.</p><p>{{IMAGE}}</p><h2>Overview</h2><ul><li>Looking for: actors for film, television and theater (any gender)</li><li>Eligibility: born on or before December 31, 2010; no experience required (minors must include a consent form signed by a parent or guardian)</li><li>Application period: Tuesday, December 1 to Thursday, December 31, 2026 (until 11:59 p.m. KST)</li><li>How to apply: by e-mail (<a href="mailto:${DEMO_CONTACT.auditionEmail}">${DEMO_CONTACT.auditionEmail}</a>)</li></ul><h2>What to send</h2><ol><li>One application form (download it from the Audition page)</li><li>One close-up and one full-length photo, both taken within the last three months (keep retouching to a minimum)</li><li>A self-tape of up to one minute, material of your choice (shooting it on a phone is fine)</li></ol><h2>Selection process</h2><p>Selection has three rounds: a review of your documents and video, an acting audition (planned for Saturday, January 23, 2027), and a meeting, followed by the announcement of the final results. Applicants who pass the first round will be contacted individually by Friday, January 15, 2027. We are sorry that we cannot contact applicants who are not selected.</p><blockquote><strong>WE ENTERTAINMENT never charges any fee, for any reason, at any stage of the audition process.</strong> If anyone asks you to pay for an audition, a profile photo shoot, acting lessons or anything similar, please let us know right away at our main number (${DEMO_CONTACT.phone}).</blockquote><p>Your documents and video are used for the selection only and are securely destroyed within six months after the process ends. We look forward to hearing from you.</p>`,
  },
  {
    kind: "notice",
    title: "추석 연휴 사무실 운영 안내",
    writeDay: "2026-09-21",
    html: `<p>추석 연휴 기간 사무실 운영 일정을 아래와 같이 안내해 드립니다.</p><ul><li>휴무 기간: 2026년 9월 24일(목) ~ 9월 27일(일)</li><li>정상 업무: 9월 28일(월) 오전 10시부터</li></ul><p>연휴 기간에 접수된 이메일 문의와 오디션 지원서는 업무 재개 후 순차적으로 확인하겠습니다. 풍성하고 행복한 한가위 보내시기 바랍니다.</p>`,
  },
  {
    kind: "notice",
    title: "소속 배우 사칭 계정 및 허위 캐스팅 제의 주의 안내",
    titleEn: "Beware of Accounts Impersonating Our Actors and of Fake Casting Offers",
    writeDay: "2026-07-15",
    html: `<p>최근 WE ENTERTAINMENT 소속 배우 또는 직원을 사칭한 SNS 계정과 메신저를 통해 개인정보나 금전을 요구하는 사례가 잇따라 확인되고 있어 각별한 주의를 부탁드립니다.</p><h2>확인된 피해 사례</h2><ul><li>배우 본인을 사칭해 팬에게 개인 메시지를 보내고 선물이나 송금을 요구하는 경우</li><li>회사 캐스팅 담당자를 사칭해 오디션 참가비, 프로필 촬영비, 교육비 등을 요구하는 경우</li><li>회사 로고와 배우 사진을 무단으로 사용해 팬미팅, 사인회 등 허위 행사의 티켓을 판매하는 경우</li></ul><h2>공식 채널 확인 방법</h2><p>소속 배우의 공식 SNS 계정은 홈페이지 각 배우 프로필 페이지에 연결된 계정이 유일합니다. 회사의 공식 연락은 대표 번호(${DEMO_CONTACT.phone})와 <strong>@we-entertainment.example</strong> 주소의 이메일로만 이루어지며, 개인 메신저나 SNS 메시지로 캐스팅을 제안하거나 비용을 요구하는 일은 <u>절대 없습니다</u>.</p><blockquote>배우는 팬 여러분께 개인적으로 연락해 금전이나 선물, 개인정보를 요구하지 않습니다. 의심스러운 연락을 받으셨다면 응답하지 마시고 회사로 먼저 확인해 주세요.</blockquote><p>사칭 계정을 발견하시면 해당 계정 주소와 화면 캡처를 첨부해 <a href="mailto:${DEMO_CONTACT.email}">${DEMO_CONTACT.email}</a>로 제보해 주시기 바랍니다. 회사는 확인된 사칭 계정에 대해 플랫폼 신고와 함께 법적 조치를 포함한 강경한 대응을 이어 가겠습니다. 피해 예방을 위해 주변에도 널리 알려 주시면 감사하겠습니다.</p>`,
    htmlEn: `<p>We have recently seen a number of cases in which social media accounts and messenger profiles posing as WE ENTERTAINMENT actors or staff ask people for personal information or money. Please be especially careful.</p><h2>Cases we have seen</h2><ul><li>Someone posing as one of our actors sends fans private messages asking for gifts or money transfers.</li><li>Someone posing as one of our casting staff asks for audition fees, profile photo shoot fees, training fees and the like.</li><li>Tickets are sold for fake events, such as fan meetings and autograph sessions, using our logo and our actors' photos without permission.</li></ul><h2>How to check our official channels</h2><p>Each of our actors has one official social media account: the one linked on their profile page on this website. The company contacts you only from our main number (${DEMO_CONTACT.phone}) and from e-mail addresses ending in <strong>@we-entertainment.example</strong>. We will <u>never</u> offer a role or ask for money through personal messengers or social media messages.</p><blockquote>Our actors never contact fans privately to ask for money, gifts or personal information. If you receive a suspicious message, do not reply; check with us first.</blockquote><p>If you come across an account impersonating us, please report it to <a href="mailto:${DEMO_CONTACT.email}">${DEMO_CONTACT.email}</a> with the account's address and screenshots. We report confirmed impersonation accounts to the platforms and respond firmly, including with legal action. Please help protect others by sharing this notice.</p>`,
  },
  {
    kind: "notice",
    title: "팬레터 및 선물 전달 정책 변경 안내",
    writeDay: "2026-05-20",
    html: `<p>소속 배우들을 향한 팬 여러분의 따뜻한 마음에 늘 감사드립니다. 배우와 팬 여러분 모두의 안전을 위해 2026년 6월 1일부터 팬레터 및 선물 전달 정책이 아래와 같이 변경됩니다.</p><h2>팬레터</h2><ul><li>회사 주소(서울특별시 강남구 도산대로 317, 7층)로 우편을 보내 주시면 담당자가 확인한 뒤 배우에게 빠짐없이 전달합니다.</li><li>봉투 겉면에 받는 배우의 이름을 꼭 적어 주세요.</li><li>촬영 현장, 공연장, 배우 자택 등에서 직접 전달하시는 것은 정중히 사양합니다.</li></ul><h2>선물</h2><p>변경된 정책에 따라 <strong>손편지를 제외한 선물은 받지 않습니다.</strong> 특히 아래 물품은 회사로 보내 주시더라도 배우에게 전달하지 않고 반송하거나 폐기하는 점 양해 부탁드립니다.</p><ol><li>음식물, 음료, 건강식품 등 섭취하는 모든 물품</li><li>현금, 상품권, 고가의 명품 및 귀금속</li><li>배우의 개인정보나 초상권을 침해할 우려가 있는 제작 물품</li></ol><p>이번 변경은 배송 과정에서 파손되거나 변질된 선물이 늘어나고, 고가의 선물로 팬 여러분께 부담이 생기는 상황을 막기 위해 배우들과 충분히 논의한 끝에 결정했습니다. 배우들 역시 "마음이 담긴 편지 한 장이면 충분하다"는 뜻을 전해 왔습니다.</p><blockquote>서포트 차량, 촬영장 간식 차 등 단체 서포트는 사전에 회사와 협의된 경우에만 진행할 수 있습니다. 관련 문의는 대표 이메일로 부탁드립니다.</blockquote><p>앞으로도 배우와 팬 여러분이 건강한 방식으로 마음을 나눌 수 있도록 노력하겠습니다. 감사합니다.</p>`,
  },
  {
    kind: "notice",
    title: "개인정보처리방침 개정 안내",
    writeDay: "2026-03-30",
    html: `<p>WE ENTERTAINMENT 개인정보처리방침이 2026년 4월 6일(월)부터 아래와 같이 개정됩니다.</p><ul><li>오디션 지원서 보관 기간 명시: 전형 종료 후 6개월 이내 파기</li><li>홈페이지 접속 기록의 보관 항목 및 기간 정비</li><li>개인정보 보호책임자 연락처 변경</li></ul><p>개정된 전문은 시행일부터 홈페이지에서 확인하실 수 있습니다. 궁금하신 점은 대표 이메일로 문의해 주시기 바랍니다.</p>`,
  },
  {
    kind: "notice",
    title: "홈페이지 서버 점검 안내 (1월 29일 새벽)",
    writeDay: "2026-01-26",
    html: `<p>보다 안정적인 서비스를 제공하기 위해 홈페이지 서버 점검을 진행합니다.</p><ul><li>점검 일시: 2026년 1월 29일(목) 오전 2시 ~ 오전 6시</li><li>점검 내용: 서버 보안 업데이트 및 데이터 백업</li></ul><p>점검 시간에는 홈페이지 접속과 오디션 지원서 내려받기가 일시적으로 중단됩니다. 이용에 불편을 드려 죄송합니다.</p>`,
  },
  {
    kind: "notice",
    title: "연말연시 사무실 운영 안내",
    writeDay: "2025-12-26",
    html: `<p>2025년 연말과 2026년 새해를 맞아 사무실 운영 시간을 아래와 같이 조정합니다.</p><ul><li>12월 31일(수): 오후 3시 조기 업무 종료</li><li>2026년 1월 1일(목): 신정 휴무</li><li>1월 2일(금): 오전 10시부터 정상 업무</li></ul><p>한 해 동안 보내 주신 성원에 깊이 감사드리며, 새해 복 많이 받으십시오.</p>`,
  },
  {
    kind: "notice",
    title: "매니지먼트팀·홍보팀 신입 및 경력 채용 공고",
    writeDay: "2025-11-10",
    imageLabel: "TEAM OFFICE",
    html: `<p>배우의 꿈을 가장 가까이에서 함께 만들어 갈 새로운 동료를 찾습니다. WE ENTERTAINMENT는 'Want and Experience'라는 모토 아래 배우 한 사람 한 사람의 욕구와 경험을 존중하며 일하는 회사입니다.</p><p>{{IMAGE}}</p><h2>모집 부문</h2><ul><li><strong>매니지먼트팀 (신입·경력, 2명)</strong> - 배우 스케줄 관리, 촬영 현장 진행, 작품 및 광고 섭외 지원</li><li><strong>홍보팀 (경력 3년 이상, 1명)</strong> - 보도자료 작성, 언론 대응, 공식 SNS 운영</li></ul><h2>자격 요건 및 우대 사항</h2><ul><li>매니지먼트팀: 1종 보통 운전면허 소지자, 주말 및 야간 현장 근무 가능자</li><li>홍보팀: 엔터테인먼트 또는 방송 분야 홍보 실무 경력 3년 이상</li><li>공통 우대: 영어 또는 일본어 가능자, 영화·드라마·연극에 대한 깊은 관심과 이해</li></ul><h2>전형 절차</h2><ol><li>서류 전형: 이력서, 자기소개서 (자유 양식)</li><li>1차 실무 면접</li><li>2차 임원 면접 및 처우 협의</li></ol><p>접수 기간은 2025년 11월 10일(월)부터 11월 28일(금)까지이며, 지원 서류는 <a href="mailto:${DEMO_CONTACT.email}">${DEMO_CONTACT.email}</a>로 보내 주시기 바랍니다. 메일 제목은 '[지원 부문] 이름' 형식으로 작성해 주세요. 서류 합격자에 한해 개별적으로 연락을 드립니다.</p>`,
  },
  {
    kind: "notice",
    title: "배우 프로필 접수 방식 변경 안내",
    writeDay: "2025-09-01",
    html: `<p>2025년 9월부터 배우 프로필과 오디션 지원서는 <strong>이메일로만</strong> 접수합니다.</p><p>회사로 직접 방문하시거나 우편으로 보내 주신 프로필은 더 이상 검토가 어려우며, 분실 위험이 있어 반송도 해 드릴 수 없습니다. 지원서 양식은 오디션 페이지에서 내려받으신 뒤 ${DEMO_CONTACT.auditionEmail}로 보내 주시기 바랍니다. 상시 접수된 프로필은 검토 후 작품과 회사 계획에 맞는 분께 개별적으로 연락드립니다.</p>`,
  },
  {
    kind: "notice",
    title: "촬영 현장 및 공연장 방문 관련 협조 요청",
    writeDay: "2025-06-27",
    html: `<p>최근 소속 배우들의 촬영 현장과 공연장 주변에 많은 분이 찾아 주시면서 촬영 진행과 인근 주민 불편에 대한 우려가 커지고 있습니다.</p><ul><li>비공개 촬영 현장의 위치 공유와 방문은 삼가 주세요.</li><li>공연장에서는 공연장 측의 안내와 동선을 따라 주세요.</li><li>배우 차량을 뒤따르는 행위는 안전사고로 이어질 수 있습니다.</li></ul><p>배우들이 좋은 작품으로 보답할 수 있도록 너른 양해와 협조 부탁드립니다.</p>`,
  },
  {
    kind: "notice",
    title: "WE ENTERTAINMENT 공식 유튜브 채널 개설 안내",
    writeDay: "2025-04-14",
    html: `<p>WE ENTERTAINMENT 공식 유튜브 채널이 문을 열었습니다. 촬영장 비하인드, 배우 인터뷰, 화보 메이킹 영상 등 배우들의 다양한 모습을 가장 먼저 만나 보실 수 있습니다.</p><p>채널 주소: <a href="${DEMO_CONTACT.youtube}">youtube.example/@we_entertainment</a></p><p>구독과 알림 설정으로 많은 관심 부탁드립니다.</p>`,
  },
  {
    kind: "notice",
    title: "설 연휴 사무실 운영 안내",
    writeDay: "2025-01-20",
    html: `<p>설 연휴 기간 사무실 운영 일정을 안내해 드립니다.</p><ul><li>휴무 기간: 2025년 1월 25일(토) ~ 1월 30일(목)</li><li>정상 업무: 1월 31일(금) 오전 10시부터</li></ul><p>연휴 기간에 접수된 문의는 업무 재개 후 순차적으로 답변드리겠습니다. 가족과 함께 따뜻한 명절 보내시기 바랍니다.</p>`,
  },
];
