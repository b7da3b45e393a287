import { describe, expect, it } from "vitest";
import { RequestBodyError } from "../../app/server/platform/form-body.server";
import { isOversizeUpload, parseStaffForm, parseUploadForm } from "../../app/server/route-kit/uploads.server";

const URL_ = "http://localhost/form";

function request(body: BodyInit | Uint8Array, type: string | null): Request {
  const headers = new Headers();
  if (type) headers.set("Content-Type", type);
  return new Request(URL_, { method: "POST", body: body as BodyInit, headers });
}

function multipart(form: FormData): Request {
  return new Request(URL_, { method: "POST", body: form });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestBodyError);
  const { status, code, message } = error as RequestBodyError;
  expect(message).toMatch(/[가-힣]/);
  return { status, code, message };
}

const small = { fileFields: ["image"], maxFiles: 1, maxParts: 8 };

describe("parseUploadForm (busboy)", () => {
  it("reads multipart fields and files in the body's order, keeps only the named file fields and non-empty files", async () => {
    const form = new FormData();
    form.append("title", "한서윤 프로필");
    form.append("image", new Blob([new Uint8Array([1, 2, 3])], { type: "image/jpeg" }), "사진.jpg");
    form.append("title", "두 번째");
    form.append("other", new Blob([new Uint8Array([9])]), "x.bin");
    const parsed = await parseUploadForm(multipart(form), { fileFields: ["image"], maxFiles: 2, maxParts: 8 });
    expect([...parsed.keys()]).toEqual(["title", "image", "title"]);
    expect(parsed.getAll("title")).toEqual(["한서윤 프로필", "두 번째"]);
    const file = parsed.get("image") as File;
    expect(file).toBeInstanceOf(File);
    expect([file.name, file.type, file.size]).toEqual(["사진.jpg", "image/jpeg", 3]);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));

    const empty = new FormData();
    empty.append("image", new Blob([]), "");
    expect([...(await parseUploadForm(multipart(empty), small)).keys()]).toEqual([]);
  });

  it("reads urlencoded bodies as UTF-8, percent-encoded or raw, whatever charset the request names", async () => {
    for (const type of ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=UTF-8", "Application/X-WWW-Form-Urlencoded; charset=latin1"]) {
      const raw = Buffer.concat([Buffer.from("id=%ED%95%9C+%EA%B8%80&name="), Buffer.from("한서윤"), Buffer.from("&empty=&flag")]);
      const parsed = await parseUploadForm(request(new Uint8Array(raw), type), small);
      expect([...parsed.entries()], type).toEqual([
        ["id", "한 글"],
        ["name", "한서윤"],
        ["empty", ""],
        ["flag", ""],
      ]);
    }
    // As URLSearchParams does: bytes that are not UTF-8 become U+FFFD.
    expect((await parseUploadForm(request("a=%ff", "application/x-www-form-urlencoded"), small)).get("a")).toBe("\uFFFD");
  });

  it("refuses a multipart text part that is not UTF-8, U+0000 anywhere, and types that are not forms", async () => {
    const notUtf8 = Buffer.concat([Buffer.from('--bb\r\nContent-Disposition: form-data; name="id"\r\n\r\n'), Buffer.from([0xff, 0xfe]), Buffer.from("\r\n--bb--\r\n")]);
    expect(await refusal(parseUploadForm(request(new Uint8Array(notUtf8), "multipart/form-data; boundary=bb"), small))).toMatchObject({ status: 400, code: "invalid_encoding" });
    const nul = new FormData();
    nul.append("title", "제목\0");
    expect(await refusal(parseUploadForm(multipart(nul), small))).toMatchObject({ status: 400, code: "nul_character" });
    expect(await refusal(parseUploadForm(request("a%00b=1", "application/x-www-form-urlencoded"), small))).toMatchObject({ status: 400, code: "nul_character" });
    expect(await refusal(parseUploadForm(request("{}", "application/json"), small))).toMatchObject({ status: 415 });
    expect(await refusal(parseUploadForm(request("x", null), small))).toMatchObject({ status: 415 });
  });

  it("takes odd-cased multipart types; refuses a body without a boundary, a broken or endless one, a header block over 16 KB, a malformed percent sign", async () => {
    const body = `--x\r\nContent-Disposition: form-data; name="id"\r\n\r\nadmin\r\n--x--\r\n`;
    expect((await parseUploadForm(request(body, "Multipart/Form-Data; boundary=x"), small)).get("id")).toBe("admin");
    expect(await refusal(parseUploadForm(request(body, "multipart/form-data"), small))).toMatchObject({ status: 400 });
    expect(await refusal(parseUploadForm(request(body.slice(0, -8), "multipart/form-data; boundary=x"), small))).toMatchObject({ status: 400 });
    const header = `--b\r\nContent-Disposition: form-data; name="image"; filename="${"a".repeat(200 * 1024)}.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxxxx\r\n--b--\r\n`;
    expect(await refusal(parseUploadForm(request(header, "multipart/form-data; boundary=b"), small))).toMatchObject({ status: 400, code: "malformed_part_header" });
    expect(await refusal(parseUploadForm(request("a=%zz", "application/x-www-form-urlencoded"), small))).toMatchObject({ status: 400 });
  });

  it("413 for too many parts, fields or files, a file over its cap, and a body over the total", async () => {
    expect(await refusal(parseUploadForm(request("a=1&".repeat(200_000), "application/x-www-form-urlencoded"), small))).toMatchObject({ status: 413, code: "too_many_parts" });
    expect(await refusal(parseUploadForm(request(Array.from({ length: 9 }, (_, i) => `f${i}=1`).join("&"), "application/x-www-form-urlencoded"), small))).toMatchObject({ status: 413, code: "too_many_parts" });
    expect([...(await parseUploadForm(request(Array.from({ length: 8 }, (_, i) => `f${i}=1`).join("&"), "application/x-www-form-urlencoded"), small)).keys()]).toHaveLength(8);
    const parts = new FormData();
    for (let i = 0; i < 9; i++) parts.append(`f${i}`, "1");
    expect(await refusal(parseUploadForm(multipart(parts), small))).toMatchObject({ status: 413, code: "too_many_parts" });
    const files = new FormData();
    files.append("image", new Blob([new Uint8Array(4)]), "a.jpg");
    files.append("image", new Blob([new Uint8Array(4)]), "b.jpg");
    expect(await refusal(parseUploadForm(multipart(files), small))).toMatchObject({ status: 413, code: "too_many_files" });
    const signIn = new FormData();
    signIn.append("id", "admin");
    signIn.append("file", new Blob([new Uint8Array(4)]), "a.jpg");
    expect(await refusal(parseUploadForm(multipart(signIn), { fileFields: [], maxFiles: 0, maxParts: 8 }))).toMatchObject({ status: 413, code: "too_many_files" });
    const big = new FormData();
    big.append("image", new Blob([new Uint8Array(1025)]), "big.jpg");
    expect(await refusal(parseUploadForm(multipart(big), { ...small, maxFileSize: 1024 }))).toMatchObject({ status: 413, code: "payload_too_large" });
    const exact = new FormData();
    exact.append("image", new Blob([new Uint8Array(1024)]), "exact.jpg");
    expect(((await parseUploadForm(multipart(exact), { ...small, maxFileSize: 1024 })).get("image") as File).size).toBe(1024);
    expect(await refusal(parseUploadForm(request(`a=${"x".repeat(70_000)}`, "application/x-www-form-urlencoded"), { ...small, maxTotalSize: 64 * 1024 }))).toMatchObject({ status: 413 });
    const declared = new Request(URL_, { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(10 * 1024 * 1024) } });
    expect(await refusal(parseUploadForm(declared, { ...small, maxTotalSize: 64 * 1024 }))).toMatchObject({ status: 413, code: "payload_too_large" });
  });

  it("admin forms: a file over 15 MB (up to 48 MB) leaves a marker and the other fields arrive", async () => {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(16 * 1024 * 1024)], { type: "image/jpeg" }), "big.jpg");
    form.append("name", "한서윤");
    const parsed = await parseStaffForm(multipart(form), ["photo"]);
    expect(isOversizeUpload(parsed.get("photo"))).toBe(true);
    expect(parsed.get("name")).toBe("한서윤");
  });
});
