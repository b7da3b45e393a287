import { describe, expect, it } from "vitest";
import { absoluteImageUrl, fingerprint, listOf, readArtist, readPost, readWriteDay, recordOf, stringList } from "../../app/server/import/old-site.server";

/** The original API's answers read tolerantly (decision 045): their exact shapes were never described (requirements R9.5). */
describe("reading the original site's answers", () => {
  it("finds a list as a bare array or wrapped in an object, one or two levels down", () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ list: [1] })).toEqual([1]);
    expect(listOf({ status: "ok", data: { items: [3] } })).toEqual([3]);
    expect(listOf({ message: "error" })).toBeNull();
    expect(listOf("text")).toBeNull();
  });

  it("finds a detail as an object, a one-element array or a wrapped object", () => {
    expect(recordOf({ name: "김서연" })).toEqual({ name: "김서연" });
    expect(recordOf([{ name: "김서연" }])).toEqual({ name: "김서연" });
    expect(recordOf({ data: { name: "김서연" } })).toEqual({ name: "김서연" });
    expect(recordOf({ data: [{ postId: 3 }] })).toEqual({ postId: 3 });
    expect(recordOf([])).toBeNull();
    expect(recordOf(null)).toBeNull();
  });

  it("reads writeDay as a day, an ISO time or a timestamp, as the day in Korea", () => {
    expect(readWriteDay("2024-03-05")).toBe("2024-03-05");
    expect(readWriteDay("2024.3.5")).toBe("2024-03-05");
    // 23:30 UTC on the 4th is the 5th in Seoul.
    expect(readWriteDay("2024-03-04T23:30:00Z")).toBe("2024-03-05");
    expect(readWriteDay(Date.parse("2024-03-04T23:30:00Z"))).toBe("2024-03-05");
    expect(readWriteDay(Date.parse("2024-03-04T23:30:00Z") / 1000)).toBe("2024-03-05");
    expect(readWriteDay(String(Date.parse("2024-03-04T23:30:00Z")))).toBe("2024-03-05");
    expect(readWriteDay("어제")).toBe("");
    expect(readWriteDay(undefined)).toBe("");
  });

  it("reads list fields as arrays or JSON strings, and repairs a string that is not JSON", () => {
    const repairs: string[] = [];
    expect(stringList(["a", " b ", ""], "학력", repairs)).toEqual(["a", "b"]);
    expect(stringList('["a","b"]', "학력", repairs)).toEqual(["a", "b"]);
    expect(stringList("", "학력", repairs)).toEqual([]);
    expect(repairs).toEqual([]);
    expect(stringList('["2022 청룡 신인상", 2023 백상 인기상', "수상", repairs)).toEqual(["2022 청룡 신인상"]);
    expect(stringList("현대무용, 승마\n피아노", "특기", repairs)).toEqual(["현대무용", "승마", "피아노"]);
    expect(stringList('{"a":1}', "특기", repairs)).toEqual([]);
    expect(repairs).toEqual(["수상: JSON 목록이 아니어서 항목을 나누어 읽었습니다.", "특기: JSON 목록이 아니어서 항목을 나누어 읽었습니다.", "특기: 목록이 아니어서 비워 두었습니다."]);
  });

  it("maps the old names to the domain's and resolves relative image URLs on the old host", () => {
    const artist = readArtist(
      { name: "김서연", ename: "KIM SEO YEON", cm: 168, birthday: "1995.03.12", insta: "https://instagram.com/x", schoolList: '["한예종"]', imgList: '["/upload/1.jpg","https://cdn.example/2.jpg","javascript:alert(1)"]' },
      "https://old.example/site",
    )!;
    expect(artist.text).toMatchObject({ name: "김서연", nameEn: "KIM SEO YEON", height: "168", birthday: "1995.03.12", socialLink: "https://instagram.com/x" });
    expect(artist.lists.education).toEqual(["한예종"]);
    expect(artist.images).toEqual(["https://old.example/upload/1.jpg", "https://cdn.example/2.jpg"]);
    expect(artist.repairs).toEqual(["사진 주소를 읽을 수 없어 뺐습니다: javascript:alert(1)"]);
    expect(readArtist({ ename: "NO NAME" }, "https://old.example")).toBeNull();
    expect(absoluteImageUrl("data:image/png;base64,AAAA", "https://old.example")).toBe("data:image/png;base64,AAAA");
  });

  it("reads a post's id from postId or id, and its fingerprint ignores key order", () => {
    expect(readPost({ id: 7, title: "제목", content: "<p>x</p>", writeDay: "2024-01-02" })).toMatchObject({ postId: "7", writeDay: "2024-01-02", repairs: [] });
    expect(readPost({ title: "번호 없음" })).toBeNull();
    expect(readPost({ postId: 8, title: "날짜 없음" })!.repairs).toEqual(["작성일을 읽을 수 없어 가져온 날로 두었습니다."]);
    expect(fingerprint({ a: 1, b: [1, 2] })).toBe(fingerprint({ b: [1, 2], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});
