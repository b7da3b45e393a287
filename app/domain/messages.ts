/**
 * Every fixed text of the public pages in both languages. The Korean texts are the site's own (those that
 * must stay as they are: requirements R10.3); the English ones are written for readers abroad (casting
 * directors, press, fans), not word for word.
 * Components read them through `useMessages()` (app/lib/locale.ts); server code through `messagesFor`.
 */
import { withParticle } from "./korean";
import type { Locale } from "./locale";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const ko = {
  layout: {
    skipLink: "본문 바로가기",
    homeLabel: "WE ENTERTAINMENT 홈",
    mainNav: "주 메뉴",
    subMenu: (label: string) => `${label} 하위 메뉴`,
    openMenu: "메뉴 열기",
    closeMenu: "메뉴 닫기",
    menuDialog: "전체 메뉴",
    menuLinks: "전체 메뉴 링크",
    languageSwitch: "언어 선택",
    menuLanguageSwitch: "전체 메뉴 언어 선택",
    scrollTop: "맨 위로",
    previousPhoto: "이전 사진",
    nextPhoto: "다음 사진",
    pauseCarousel: "자동 넘김 일시정지",
    playCarousel: "자동 넘김 재생",
  },
  footer: {
    privacy: "개인정보처리방침",
    representative: "대표자",
    businessNumber: "사업자등록번호",
    alreadySignedIn: "이미 관리자로 로그인되어 있습니다.",
    closeNotice: "알림 닫기",
    adminLogin: "관리자 로그인",
  },
  errors: {
    notFoundTitle: "페이지를 찾을 수 없습니다",
    notFoundText: "주소가 바뀌었거나 삭제된 페이지입니다. 입력한 주소를 다시 확인해 주세요.",
    errorTitle: "일시적인 오류가 발생했습니다",
    errorText: "잠시 후 다시 시도해 주세요. 문제가 계속되면 회사로 연락해 주세요.",
    errorDocumentTitle: "오류",
    home: "홈으로 가기",
  },
  seo: {
    siteTitle: "WE ENTERTAINMENT | 위이엔터테인먼트",
    description: "배우의 창작 욕구와 경험을 존중하는 배우 매니지먼트, WE ENTERTAINMENT(위이엔터테인먼트). Want and Experience.",
    companyTitle: "회사 소개",
    companyDescription:
      "WE ENTERTAINMENT는 배우의 창작 욕구와 경험을 존중하며 'Want and Experience'를 모토로 소속 배우의 꿈을 함께 이루어 가는 배우 매니지먼트사입니다.",
    artistsDescription: (names: string) => `WE ENTERTAINMENT 소속 배우를 소개합니다. ${names}`,
    artistDescription: (name: string, nameEn: string, works: string) => `WE ENTERTAINMENT 소속 배우 ${name}(${nameEn}) 프로필. ${works}`,
    auditionDescription:
      "WE ENTERTAINMENT 오디션 안내: 지원서를 내려받아 작성한 뒤 이메일로 접수하면 1차 서류 심사와 2차 현장 오디션을 거쳐 함께할 배우를 찾습니다.",
    prDescription: "WE ENTERTAINMENT와 소속 배우의 새로운 소식과 공지사항을 전해 드립니다.",
    pageOf: (title: string, page: number) => `${title} (${page}쪽)`,
  },
  home: {
    carouselLabel: "소속 배우 사진",
    noArtists: "곧 새로운 배우들을 소개해 드리겠습니다.",
  },
  artists: {
    heading: "ARTIST",
    eyebrow: "OUR ACTORS",
    carouselLabel: (name: string) => `${name} 사진`,
    mainPhotoAlt: (name: string) => `${name} 프로필 사진`,
    photoAlt: (name: string, n: number) => `${name} 사진 ${n}`,
    viewMore: (name: string) => `${name} 프로필`,
    onlyAdmin: "직원에게만 보입니다",
    notPublic: "사이트에 공개되지 않은 배우입니다. 직원에게만 보입니다.",
    profileCaption: (name: string) => `${name} 프로필`,
    birthday: "생년월일",
    height: "키",
    sns: "SNS",
    newWindow: "(새 창)",
    backToList: "← 배우 목록으로",
    koreanOnlyNote: "",
    lightbox: { dialog: "사진 크게 보기", close: "닫기", previous: "이전 사진", next: "다음 사진", open: "(크게 보기)" },
    reels: "영상",
  },
  contact: {
    heading: "오시는 길",
    address: "주소",
    phone: "전화",
    email: "이메일",
    hours: "운영 시간",
    kakaoMap: "카카오맵에서 보기",
    kakaoDirections: "카카오맵 길찾기",
    naverDirections: "네이버 지도 길찾기",
    mapLabel: (label: string, address: string) => `지도: ${label}, ${address}`,
  },
  posts: {
    pr: "소식",
    empty: (label: string) => `등록된 ${withParticle(label, "이/가")} 없습니다.`,
    viewAll: (label: string) => `${label} 전체 보기`,
    pages: (label: string) => `${label} 쪽 이동`,
    page: "쪽",
    currentPage: "쪽 (현재 쪽)",
    pinned: "공지",
    backToList: "← 목록으로",
    koreanOnlyNote: "",
  },
  audition: {
    title: "오디션 안내",
    about: [
      "WE ENTERTAINMENT는 자신만의 이야기를 가진 배우를 기다립니다. 경력의 길이보다 연기를 대하는 태도와 하고 싶은 것이 분명한 사람, 자신의 경험을 연기로 옮길 줄 아는 사람을 찾습니다.",
      "나이, 성별, 경력에 제한 없이 누구나 지원할 수 있으며, 오디션은 상시 진행됩니다. 지원 비용은 없습니다.",
    ],
    onlineTitle: "온라인으로 바로 지원하세요",
    onlineText: "지원서 작성부터 사진·영상 제출까지 한 번에 끝납니다. 접수하면 바로 접수 번호를 알려 드립니다.",
    onlineButton: "온라인 지원하기",
    steps: [
      { title: "지원서 다운로드 및 작성", text: "온라인 지원서를 바로 작성하거나, 아래 버튼으로 지원서 양식을 내려받아 빠짐없이 작성해 주세요." },
      { title: "이메일 접수", text: "온라인 지원서는 사진·영상과 함께 제출하면 바로 접수됩니다. 양식으로 지원한다면 작성한 지원서와 최근 3개월 이내 촬영한 사진(정면, 전신), 자기소개 영상 링크를 이메일로 보내 주세요." },
      { title: "1차 서류 심사", text: "보내 주신 서류를 검토한 뒤, 서류 합격자에 한해 2주 이내에 개별 연락을 드립니다." },
      { title: "2차 현장 오디션", text: "지정 대본 연기와 자유 연기, 인터뷰로 진행하며 일정과 장소는 개별 안내해 드립니다." },
    ],
    onlineReception: "온라인 접수",
    onlineReceptionLink: "온라인 지원서 작성하기",
    onlineReceptionNote: "사진과 영상을 함께 올릴 수 있습니다.",
    emailReception: "이메일 접수",
    emailSubject: "[오디션 지원] 이름 / 나이",
    emailSubjectNote: "메일 제목: [오디션 지원] 이름 / 나이",
    postReception: "우편 접수",
    postAddress: (address: string, company: string) => `${address} ${company} 캐스팅팀 앞`,
    download: (summary: string) => `지원서 다운로드 (${summary})`,
    privacy: "제출하신 서류는 오디션 심사 목적으로만 사용하며, 심사가 끝나면 지체 없이 파기합니다.",
  },
};

export type Messages = typeof ko;

const en: Messages = {
  layout: {
    skipLink: "Skip to content",
    homeLabel: "WE ENTERTAINMENT home",
    mainNav: "Main menu",
    subMenu: (label: string) => `${label} submenu`,
    openMenu: "Open menu",
    closeMenu: "Close menu",
    menuDialog: "Menu",
    menuLinks: "Menu links",
    languageSwitch: "Language",
    menuLanguageSwitch: "Menu language",
    scrollTop: "Back to top",
    previousPhoto: "Previous photo",
    nextPhoto: "Next photo",
    pauseCarousel: "Pause slideshow",
    playCarousel: "Play slideshow",
  },
  footer: {
    privacy: "Privacy policy",
    representative: "CEO",
    businessNumber: "Business registration no.",
    alreadySignedIn: "You are already signed in as the administrator.",
    closeNotice: "Close notice",
    adminLogin: "Administrator sign-in",
  },
  errors: {
    notFoundTitle: "Page not found",
    notFoundText: "This page may have moved or been removed. Please check the address and try again.",
    errorTitle: "Something went wrong",
    errorText: "Please try again in a moment. If the problem continues, please contact us.",
    errorDocumentTitle: "Error",
    home: "Go to the home page",
  },
  seo: {
    siteTitle: "WE ENTERTAINMENT | Actor management, Seoul",
    description: "WE ENTERTAINMENT is a Seoul-based actor management agency that puts its actors' creative drive and experience first. Want and Experience.",
    companyTitle: "About us",
    companyDescription:
      "WE ENTERTAINMENT is a Seoul-based actor management agency. Under the motto 'Want and Experience', we respect what our actors want to create and the experience they bring, and work with them toward their goals.",
    artistsDescription: (names: string) => `Meet the actors of WE ENTERTAINMENT. ${names}`,
    artistDescription: (_name: string, nameEn: string, works: string) => `Profile of ${nameEn}, an actor with WE ENTERTAINMENT. ${works}`,
    auditionDescription:
      "Auditions at WE ENTERTAINMENT: apply online or by e-mail at any time of year. Shortlisted applicants are invited to an in-person audition in Seoul.",
    prDescription: "News and notices from WE ENTERTAINMENT and its actors.",
    pageOf: (title: string, page: number) => `${title} (page ${page})`,
  },
  home: {
    carouselLabel: "Photos of our actors",
    noArtists: "New actors will be introduced here soon.",
  },
  artists: {
    heading: "ARTIST",
    eyebrow: "OUR ACTORS",
    carouselLabel: (name: string) => `Photos of ${name}`,
    mainPhotoAlt: (name: string) => `Profile photo of ${name}`,
    photoAlt: (name: string, n: number) => `Photo ${n} of ${name}`,
    viewMore: (name: string) => `${name}'s profile`,
    onlyAdmin: "Visible to the administrator only",
    notPublic: "This actor is not shown on the site. Only the administrator can see this page.",
    profileCaption: (name: string) => `Profile of ${name}`,
    birthday: "Date of birth",
    height: "Height",
    sns: "Social media",
    newWindow: "(opens in a new window)",
    backToList: "← All actors",
    koreanOnlyNote: "Parts of this profile are not yet available in English and are shown in Korean.",
    lightbox: { dialog: "Photo viewer", close: "Close", previous: "Previous photo", next: "Next photo", open: "(view larger)" },
    reels: "Showreel",
  },
  contact: {
    heading: "Find us",
    address: "Address",
    phone: "Phone",
    email: "E-mail",
    hours: "Office hours",
    kakaoMap: "View on Kakao Map",
    kakaoDirections: "Directions on Kakao Map",
    naverDirections: "Directions on Naver Map",
    mapLabel: (label: string, address: string) => `Map: ${label}, ${address}`,
  },
  posts: {
    pr: "News & notices",
    // "News" is uncountable: "There is no news", "There are no notices".
    empty: (label: string) => (label === "News" ? "There is no news in English yet." : `There are no ${label.toLowerCase()} in English yet.`),
    viewAll: (label: string) => `All ${label.toLowerCase()}`,
    pages: (label: string) => `${label} pages`,
    page: "Page",
    currentPage: "(current page)",
    pinned: "Pinned",
    backToList: "← Back to the list",
    koreanOnlyNote: "This post is not available in English yet and is shown in Korean.",
  },
  audition: {
    title: "Auditions",
    about: [
      "WE ENTERTAINMENT is looking for actors with a story of their own. Experience matters less to us than how you approach acting: we want people who know what they want to do and can bring their own lives into their work.",
      "Anyone can apply, whatever their age, gender or experience. Auditions are open all year round, and applying is free.",
    ],
    onlineTitle: "Apply online",
    onlineText: "Fill in the application and upload your photos and video in one go, and you will get an application number straight away.",
    onlineButton: "Apply online",
    steps: [
      { title: "Fill in the application", text: "Fill in the online application, or download the application form with the button below and complete every section." },
      { title: "Send it to us", text: "The online application is received as soon as you submit it with your photos and video. If you used the form, e-mail it to us with recent photos (taken within the last three months, face and full length) and a link to a self-introduction video." },
      { title: "Application review", text: "We review every application and contact shortlisted applicants individually within two weeks." },
      { title: "In-person audition", text: "A prepared scene, a free piece and an interview. We will let you know the date and place." },
    ],
    onlineReception: "Online",
    onlineReceptionLink: "Fill in the online application",
    onlineReceptionNote: "You can upload photos and a video with it.",
    emailReception: "By e-mail",
    emailSubject: "[Audition] Name / Age",
    emailSubjectNote: "Subject line: [Audition] Name / Age",
    postReception: "By post",
    postAddress: (address: string, company: string) => `Casting team, ${company}, ${address}`,
    download: (summary: string) => `Download the application form (${summary})`,
    privacy: "We use the documents you send only to assess your audition and destroy them without delay once the assessment is over.",
  },
};

const MESSAGES: Record<Locale, Messages> = { ko, en };

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** A stored day ("2026-11-18") as the page shows it: unchanged in Korean, "Nov 18, 2026" in English. */
export function formatDay(locale: Locale, day: string): string {
  if (locale === "ko") return day;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}`;
}
