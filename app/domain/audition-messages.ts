/**
 * The online application's messages that only the server writes (decision 065): the rules' messages,
 * refusals of the whole submission, and problems found in files after they arrive, in both languages.
 * Apart from audition-texts.ts so that the form's script (visitors' pages, decision 038) does not carry
 * them; `auditionMessages(locale)` gives both sets together.
 */
import { AUDITION_PHOTO_FORMATS, auditionTexts, type AuditionTexts } from "./audition-texts";
import type { Locale } from "./locale";

const MB = 1024 * 1024;
const PHOTO_FORMATS_EN = "JPEG, PNG or WebP";

const ko = {  photoRejected: {
    too_large: (maxBytes: number) => `파일이 너무 큽니다. 사진 한 장은 ${maxBytes / MB}MB 이하로 올려 주세요.`,
    too_many_pixels: "이미지 해상도가 너무 큽니다. 더 작은 사진으로 올려 주세요.",
    unsupported_type: `올릴 수 없는 사진 형식입니다. ${AUDITION_PHOTO_FORMATS} 사진을 올려 주세요.`,
    corrupt: "이미지를 읽을 수 없습니다. 파일이 손상되지 않았는지 확인해 주세요.",
  },
  photosTooFew: (min: number) => `얼굴 사진과 전신 사진을 포함해 사진을 ${min}장 이상 올려 주세요.`,
  videoTooBig: (maxBytes: number) => `영상 파일은 ${maxBytes / MB}MB 이하로 올려 주세요. 더 긴 영상은 YouTube 등에 올린 뒤 주소를 적어 주세요.`,
  notAVideo: "MP4 또는 MOV 영상 파일이 아닙니다. 휴대전화나 카메라로 찍은 영상 파일을 그대로 올려 주세요.",
  brokenVideo: "영상 파일이 손상되었거나 일부만 올라왔습니다. 파일을 확인한 뒤 다시 올려 주세요.",
  videoUnreadable: "영상 파일을 읽을 수 없습니다.",
  videoNotStored: "영상 파일을 저장하지 못했습니다. 잠시 후 다시 시도해 주세요.",
  videoMissing: "자기소개 영상 파일을 올리거나 영상 주소를 입력해 주세요.",
  bodyTooLarge: (photoBytes: number, videoBytes: number) => `보내는 파일이 너무 큽니다. 사진은 장당 ${photoBytes / MB}MB, 영상은 ${videoBytes / MB}MB 이하로 올려 주세요.`,
  notMultipart: "multipart/form-data 형식으로 보내 주세요.",
  fieldsRefused: "입력한 내용을 확인해 주세요. 표시된 항목을 고친 뒤 다시 제출해 주세요.",
  nulRemoved: "입력한 내용에 쓸 수 없는 문자(U+0000)가 있어 지웠습니다. 내용을 확인한 뒤 다시 제출해 주세요.",
  honeypot: "지원서를 접수하지 못했습니다. 페이지를 새로 고친 뒤 다시 제출해 주세요.",
  tooFast: "너무 빨리 제출되었습니다. 입력한 내용을 한 번 더 확인한 뒤 다시 제출해 주세요.",
  stampInvalid: "지원서 양식을 연 지 오래되었거나 양식이 올바르지 않습니다. 입력한 내용을 확인한 뒤 다시 제출해 주세요.",
  overLimit: (minutes: number) => `같은 네트워크에서 제출이 많아 잠시 제한되었습니다. ${minutes}분 뒤 다시 시도해 주세요.`,
  overLimitPage: " 이번에 보낸 내용과 파일은 받지 못했으니 다시 입력해 주세요.",
  overLimitJson: " 입력한 내용은 이 화면에 그대로 있습니다.",
  postOnly: "POST로 보내 주세요.",
  birthFuture: "생년월일이 오늘 이후 날짜입니다. 다시 확인해 주세요.",
  birthCheck: "생년월일을 다시 확인해 주세요.",
  guardianNameMissing: (age: number) => `만 ${age}세 미만은 법정대리인(부모님 등)의 이름을 입력해 주세요.`,
  guardianPhoneMissing: "법정대리인의 휴대전화 번호를 010-1234-5678처럼 입력해 주세요.",
  guardianConsentMissing: (age: number) => `만 ${age}세 미만은 법정대리인이 개인정보 수집·이용에 동의해야 지원할 수 있습니다.`,
  rules: {
    nameRequired: "이름을 입력해 주세요.",
    maxChars: (max: number) => `${max}자 이내로 입력해 주세요.`,
    birthRequired: "생년월일을 입력해 주세요.",
    birthFormat: "생년월일은 2005-03-14처럼 입력해 주세요.",
    genderRequired: "성별을 선택해 주세요.",
    phoneRequired: "휴대전화 번호를 입력해 주세요.",
    phoneFormat: "휴대전화 번호는 010-1234-5678처럼 입력해 주세요.",
    emailRequired: "이메일 주소를 입력해 주세요.",
    emailTooLong: "이메일 주소가 너무 깁니다.",
    emailFormat: "이메일 주소 형식이 올바르지 않습니다. 예: name@example.com",
    heightRequired: "키를 입력해 주세요.",
    heightRange: (min: number, max: number) => `키는 ${min}에서 ${max} 사이의 숫자로 입력해 주세요.`,
    weightRequired: "몸무게를 입력해 주세요.",
    weightRange: (min: number, max: number) => `몸무게는 ${min}에서 ${max} 사이의 숫자로 입력해 주세요.`,
    introductionRequired: "자기소개를 입력해 주세요.",
    videoUrlTooLong: "영상 주소가 너무 깁니다.",
    videoUrlHost: "YouTube, Vimeo, 네이버 TV의 영상 주소를 붙여 넣어 주세요. 예: https://youtu.be/영상ID",
    guardianPhoneTooLong: "휴대전화 번호가 너무 깁니다.",
    consentRequired: "개인정보 수집·이용에 동의해야 지원할 수 있습니다.",
  },
};

type ServerMessages = typeof ko;

const en: ServerMessages = {  photoRejected: {
    too_large: (maxBytes: number) => `the file is too large. Each photo must be ${maxBytes / MB} MB or smaller.`,
    too_many_pixels: "the image resolution is too high. Please choose a smaller photo.",
    unsupported_type: `this image format is not accepted. Please choose ${PHOTO_FORMATS_EN} photos.`,
    corrupt: "the image cannot be read. Please check that the file is not damaged.",
  },
  photosTooFew: (min: number) => `Please upload at least ${min} photos, including a face photo and a full-length photo.`,
  videoTooBig: (maxBytes: number) => `The video file must be ${maxBytes / MB} MB or smaller. For a longer video, upload it to YouTube or a similar site and give us the link.`,
  notAVideo: "This is not an MP4 or MOV video file. Please upload the video file exactly as your phone or camera recorded it.",
  brokenVideo: "The video file is damaged or was only partly uploaded. Please check the file and upload it again.",
  videoUnreadable: "The video file cannot be read.",
  videoNotStored: "We could not store the video file. Please try again in a moment.",
  videoMissing: "Please upload a self-introduction video file or give a link to your video.",
  bodyTooLarge: (photoBytes: number, videoBytes: number) => `The files are too large. Photos can be up to ${photoBytes / MB} MB each and the video up to ${videoBytes / MB} MB.`,
  notMultipart: "Please send the form as multipart/form-data.",
  fieldsRefused: "Please check your application. Correct the fields marked below and submit it again.",
  nulRemoved: "Your entries contained a character that cannot be stored (U+0000), and it was removed. Please check them and submit again.",
  honeypot: "We could not receive your application. Please reload the page and submit it again.",
  tooFast: "The form was submitted too quickly. Please check your entries once more and submit it again.",
  stampInvalid: "The form has been open for too long or is not valid. Please check your entries and submit it again.",
  overLimit: (minutes: number) => `Too many applications have been sent from your network, so sending is paused for a while. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  overLimitPage: " Nothing of this submission was received, so please fill in the form again.",
  overLimitJson: " What you entered is still on this page.",
  postOnly: "Please send this with POST.",
  birthFuture: "Your date of birth is in the future. Please check it.",
  birthCheck: "Please check your date of birth.",
  guardianNameMissing: (age: number) => `Applicants under ${age} need to give the name of a parent or legal guardian.`,
  guardianPhoneMissing: "Please enter the parent or guardian's mobile number, for example 010-1234-5678 or +44 7700 900123.",
  guardianConsentMissing: (age: number) => `Applicants under ${age} can apply only with the consent of a parent or legal guardian.`,
  rules: {
    nameRequired: "Please enter your name.",
    maxChars: (max: number) => `Please keep this to ${max.toLocaleString("en-US")} characters or fewer.`,
    birthRequired: "Please enter your date of birth.",
    birthFormat: "Please enter your date of birth like 2005-03-14.",
    genderRequired: "Please choose your gender.",
    phoneRequired: "Please enter your mobile phone number.",
    phoneFormat: "Please enter a mobile number like 010-1234-5678, or with its country code like +44 7700 900123.",
    emailRequired: "Please enter your e-mail address.",
    emailTooLong: "This e-mail address is too long.",
    emailFormat: "This is not a valid e-mail address. For example: name@example.com",
    heightRequired: "Please enter your height.",
    heightRange: (min: number, max: number) => `Please enter your height in centimetres, as a number from ${min} to ${max}.`,
    weightRequired: "Please enter your weight.",
    weightRange: (min: number, max: number) => `Please enter your weight in kilograms, as a number from ${min} to ${max}.`,
    introductionRequired: "Please tell us about yourself.",
    videoUrlTooLong: "This link is too long.",
    videoUrlHost: "Please paste a YouTube, Vimeo or Naver TV video link, for example https://youtu.be/VIDEO_ID",
    guardianPhoneTooLong: "This phone number is too long.",
    consentRequired: "You need to agree to the collection and use of your personal information to apply.",
  },
};

const MESSAGES: Record<Locale, ServerMessages> = { ko, en };

/** Every text of the application in a language: the form's and the server's. */
export function auditionMessages(locale: Locale): AuditionTexts & ServerMessages {
  return { ...auditionTexts(locale), ...MESSAGES[locale] };
}

export type AuditionMessages = ReturnType<typeof auditionMessages>;
