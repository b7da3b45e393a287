/**
 * Every fixed text of the online application in both languages (decision 065): the form's, its
 * consent box's, and the server's messages about fields, files and refusals. The Korean form is the
 * original one (decision 016), word for word; the English form (/en/audition/apply) says the same in
 * English, and its applications land in the same list. No zod here: the form ships to browsers with it.
 */
import type { Locale } from "./locale";

const MB = 1024 * 1024;

/** The photo formats the server decodes (app/server/media/media.server.ts), as a person names them. */
export const AUDITION_PHOTO_FORMATS = "JPEG, PNG, WebP";
const PHOTO_FORMATS_EN = "JPEG, PNG or WebP";

/** A file name as a message quotes it: its last path part, control characters out, at most 60 characters. */
export function quotedFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const chars = [...base];
  return chars.length > 60 ? `${chars.slice(0, 57).join("")}...` : chars.join("");
}

const ko = {
  requiredMark: " (필수)",
  requiredNote: "(필수) 표시가 있는 항목은 꼭 입력해 주세요. 입력한 내용은 오디션 심사에만 쓰입니다.",
  honeypotLabel: "이 칸은 비워 두세요",
  basicsLegend: "기본 정보",
  careerLegend: "경력과 자기소개",
  filesLegend: "사진과 영상",
  birthDateHint: (guardianAge: number) => `예: 2005-03-14. 만 ${guardianAge}세 미만이면 법정대리인의 동의가 필요합니다.`,
  genders: { female: "여성", male: "남성", other: "기타·밝히지 않음" },
  photosLabel: (label: string, min: number, max: number) => `${label} ${min}~${max}장`,
  photosHint: (maxBytes: number) => `최근 3개월 안에 찍은 얼굴 사진과 전신 사진을 꼭 넣어 주세요. ${AUDITION_PHOTO_FORMATS} 파일, 장당 ${maxBytes / MB}MB 이하. 사진 속 위치 정보 등은 지우고 저장합니다.`,
  videoHint: (maxBytes: number) => `1~2분 길이의 자유 연기나 자기소개 영상. MP4 또는 MOV 파일, ${maxBytes / MB}MB 이하. 파일 대신 아래에 영상 주소를 적어도 됩니다.`,
  filesAgain: "보안을 위해 파일은 저장하지 않았습니다. 파일을 다시 첨부해 주세요.",
  filesAgainSummary: "사진과 영상 파일을 다시 첨부해 주세요.",
  guardianLegend: (age: number) => `법정대리인 (만 ${age}세 미만 지원자만 작성)`,
  guardianExplain: (age: number) => `만 ${age}세 미만 아동의 개인정보를 처리하려면 법정대리인(부모님 등)의 동의가 필요합니다(개인정보 보호법 제22조의2).`,
  consentLegend: "개인정보 수집·이용 동의 (필수)",
  consentPurpose: "수집·이용 목적",
  consentItems: "수집 항목",
  consentRetention: "보유·이용 기간",
  requiredItems: "필수",
  optionalItems: "선택",
  guardianItems: (age: number) => `만 ${age}세 미만`,
  policy: ["자세한 내용은 ", "개인정보처리방침", "에서 볼 수 있습니다."] as readonly [string, string, string],
  submit: "지원서 제출",
  sending: "보내는 중...",
  progressLabel: "지원서 전송 진행률",
  progress: (percent: number) => `지원서를 보내는 중입니다. ${percent}%`,
  checkingPhotos: " 사진을 확인하고 있습니다...",
  connectionLost: "지원서를 보내는 중에 연결이 끊겼습니다. 인터넷 연결을 확인한 뒤 다시 제출해 주세요.",
  notReceived: "지원서를 접수하지 못했습니다. 잠시 후 다시 제출해 주세요.",
  purpose: "오디션 지원자 확인, 서류·영상 심사, 심사 결과와 다음 일정 안내",
  refusal: "개인정보 수집·이용에 동의하지 않을 권리가 있습니다. 다만 동의하지 않으면 온라인 오디션 지원을 접수할 수 없습니다.",
  retention: (days: number) =>
    `심사가 끝나 최종 결과(최종 합격·불합격)가 정해진 날로부터 ${days}일 동안 보관하고, 최종 결과가 정해지지 않은 지원서는 접수일로부터 ${days}일 뒤에 사진·영상과 함께 파기합니다.`,
  /** "1번째 사진(‘report.pdf’)": which photo a message is about, by its place and, when known, its name. */
  photo: (index: number, name: string) => `${index}번째 사진${name ? `(‘${quotedFileName(name)}’)` : ""}`,
  notAPhoto: (maxBytes: number) => `사진 파일이 아닙니다. ${AUDITION_PHOTO_FORMATS} 사진을 장당 ${maxBytes / MB}MB 이하로 올려 주세요.`,
  photoTooBig: (maxBytes: number) => `사진 한 장은 ${maxBytes / MB}MB 이하로 올려 주세요.`,
  photosTooMany: (max: number) => `사진은 ${max}장까지 올릴 수 있습니다.`,
};

export type AuditionTexts = typeof ko;

const en: AuditionTexts = {
  requiredMark: " (required)",
  requiredNote: "Fields marked (required) must be filled in. What you enter is used only to assess your audition.",
  honeypotLabel: "Leave this field empty",
  basicsLegend: "About you",
  careerLegend: "Experience and introduction",
  filesLegend: "Photos and video",
  birthDateHint: (guardianAge: number) => `For example 2005-03-14. Applicants under ${guardianAge} need the consent of a parent or legal guardian.`,
  genders: { female: "Female", male: "Male", other: "Other / prefer not to say" },
  photosLabel: (label: string, min: number, max: number) => `${label} (${min} to ${max})`,
  photosHint: (maxBytes: number) =>
    `Please include a recent face photo and a full-length photo, both taken within the last three months. ${PHOTO_FORMATS_EN} files of up to ${maxBytes / MB} MB each. We remove location data and other details from the photos when we store them.`,
  videoHint: (maxBytes: number) => `A one- to two-minute free piece or self-introduction. MP4 or MOV file of up to ${maxBytes / MB} MB. Instead of a file, you can give a link below.`,
  filesAgain: "For your security, files are not kept after a refused submission. Please choose them again.",
  filesAgainSummary: "Please choose your photos and video file again.",
  guardianLegend: (age: number) => `Parent or legal guardian (only for applicants under ${age})`,
  guardianExplain: (age: number) => `Korean law requires the consent of a parent or legal guardian before we can process the personal information of a child under ${age} (Personal Information Protection Act, Article 22-2).`,
  consentLegend: "Consent to the collection and use of personal information (required)",
  consentPurpose: "Purpose",
  consentItems: "What we collect",
  consentRetention: "How long we keep it",
  requiredItems: "Required",
  optionalItems: "Optional",
  guardianItems: (age: number) => `Applicants under ${age}`,
  policy: ["For details, see our ", "privacy policy", "."],
  submit: "Submit application",
  sending: "Sending...",
  progressLabel: "Upload progress",
  progress: (percent: number) => `Sending your application: ${percent}%`,
  checkingPhotos: " Checking your photos...",
  connectionLost: "The connection was lost while sending your application. Please check your internet connection and submit it again.",
  notReceived: "We could not receive your application. Please try again in a moment.",
  purpose: "To identify applicants, to review their documents and videos, and to tell them the result and the next steps",
  refusal: "You have the right to refuse consent to the collection and use of your personal information. Without it, however, we cannot accept an online application.",
  retention: (days: number) =>
    `We keep an application for ${days} days from the day its final result (accepted or not accepted) is decided. An application without a final result is destroyed, with its photos and video, ${days} days after we received it.`,
  photo: (index: number, name: string) => `Photo ${index}${name ? ` (“${quotedFileName(name)}”)` : ""}`,
  notAPhoto: (maxBytes: number) => `this is not a photo. Please choose ${PHOTO_FORMATS_EN} photos of up to ${maxBytes / MB} MB each.`,
  photoTooBig: (maxBytes: number) => `each photo must be ${maxBytes / MB} MB or smaller.`,
  photosTooMany: (max: number) => `You can upload up to ${max} photos.`,
};

const TEXTS: Record<Locale, AuditionTexts> = { ko, en };

export function auditionTexts(locale: Locale): AuditionTexts {
  return TEXTS[locale];
}
