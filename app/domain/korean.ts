/**
 * Korean particles after a variable word. The right form depends on whether the word's last sound
 * has a final consonant (받침): "뉴스가", "공지사항이"; "사진을", "영상을"; "배우는", "이름은".
 */

export type ParticlePair = "이/가" | "을/를" | "은/는" | "과/와" | "아/야" | "이다/다" | "으로/로";

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Index of ㄹ among the final consonants: "으로/로" takes 로 after it ("서울로"). */
const RIEUL = 8;
/** Sino-Korean readings of digits: 영 일 이 삼 사 오 육 칠 팔 구 (final consonant index, 0 = none). */
const DIGIT_FINALS = [21, 8, 0, 16, 0, 0, 1, 8, 8, 0];
/** Latin letters as Koreans read them at the end of a word (L: 엘, M: 엠, N: 엔, R: 알; the rest end in a vowel). */
const LATIN_FINALS: Record<string, number> = { l: 8, m: 16, n: 4, r: 8 };

/** The final consonant index (0: none) of a word's last sound, or null when it cannot be told. */
export function finalConsonant(word: string): number | null {
  const trimmed = word.replace(/[\s)\]}"'’”」』〉》.,!?…·-]+$/u, "");
  const last = trimmed.at(-1);
  if (!last) return null;
  const code = last.codePointAt(0)!;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return (code - HANGUL_FIRST) % 28;
  if (/[0-9]/.test(last)) return DIGIT_FINALS[Number(last)]!;
  if (/[a-z]/i.test(last)) {
    const word = /[a-z]+$/i.exec(trimmed)![0];
    // An abbreviation is read letter by letter ("URL을", "PDF를"); a word as it is pronounced ("TikTok을").
    return word === word.toUpperCase() ? (LATIN_FINALS[last.toLowerCase()] ?? 0) : englishFinal(word.toLowerCase());
  }
  return null;
}

/**
 * The final consonant of an English (or romanized) word as Koreans pronounce it: 틱톡 (ㄱ), 유튜브 (none),
 * 인스타그램 (ㅁ), 로봇 (ㅅ), 리스트 (none). Endings after another consonant take a vowel ("-st" 스트).
 */
function englishFinal(word: string): number {
  const end = word.at(-1)!;
  const afterVowel = /[aeiou]/.test(word.at(-2) ?? "");
  switch (end) {
    case "m":
      return 16;
    case "n":
      return 4;
    case "l":
      return 8;
    case "g":
      return word.endsWith("ng") ? 21 : 0;
    case "c":
      return 1;
    case "k":
      return afterVowel || word.endsWith("ck") || word.endsWith("lk") ? 1 : 0;
    case "t":
      return afterVowel ? 19 : 0;
    case "p":
      return afterVowel ? 17 : 0;
    default:
      return 0;
  }
}

/**
 * The word followed by the right particle: `withParticle("공지사항", "이/가")` → "공지사항이".
 * When the last sound cannot be told (a symbol, an emoji), both forms are written: "…이(가)".
 */
export function withParticle(word: string, pair: ParticlePair): string {
  return word + particle(word, pair);
}

/** Only the particle for the word (see `withParticle`). */
export function particle(word: string, pair: ParticlePair): string {
  const [afterConsonant, afterVowel] = pair.split("/") as [string, string];
  const final = finalConsonant(word);
  if (final === null) return pair === "으로/로" ? "(으)로" : `${afterConsonant}(${afterVowel})`;
  if (pair === "으로/로") return final === 0 || final === RIEUL ? afterVowel : afterConsonant;
  return final === 0 ? afterVowel : afterConsonant;
}
