/**
 * Reserved names for the demo's company contacts and social accounts: the site settings' defaults
 * until the administrator saves real ones, and the demo posts' text. Nothing here points anywhere
 * real (`.example` domains, RFC 2606; all-zero numbers).
 */
export const DEMO_CONTACT = {
  phone: "02-0000-0000",
  email: "contact@we-entertainment.example",
  auditionEmail: "audition@we-entertainment.example",
  instagram: "https://instagram.example/we_entertainment_official/",
  youtube: "https://youtube.example/@we_entertainment",
  address: "서울특별시 강남구 도산대로 000, 7층 (예시 주소)",
  addressEn: "7F, 000 Dosan-daero, Gangnam-gu, Seoul, Korea (example address)",
} as const;
