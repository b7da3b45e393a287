import type { Readable } from "node:stream";
import busboy from "busboy";
import { MAX_UPLOAD_BYTES } from "../media/media.server";
import { malformedBody, RequestBodyError, streamFormBody } from "../platform/form-body.server";

/**
 * Request bodies of forms, read with busboy as they arrive: the admin's and the sign-in's forms here
 * (parseUploadForm), the audition form in auditions/application-upload.server.ts. One parser for both
 * (decision 059): it streams each file, counts and limits files, fields and parts, and reads
 * urlencoded bodies too.
 */


const MB = MAX_UPLOAD_BYTES / 1024 / 1024;

const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

/** The request's form media type in lower case; a 415 for any other type. */
function formMediaType(request: Request): string {
  const type = request.headers.get("Content-Type") ?? "";
  const semicolon = type.indexOf(";");
  const media = (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase();
  if (!FORM_TYPES.has(media)) throw new RequestBodyError(415, "unsupported_media_type", "multipart/form-data 형식으로 보내 주세요.");
  return media;
}

/**
 * Streams a multipart (or urlencoded) form with limits: files only from the named fields, each at most
 * 15 MB, a bounded number of parts. Files stay in memory until the media pipeline has decoded them.
 * Text parts must be UTF-8 (a multipart text part whose bytes are not is refused; busboy decodes
 * them, and U+FFFD is what it makes of bytes that are not UTF-8); urlencoded bytes are read as UTF-8
 * like the browser's URLSearchParams does, whatever charset the request names. U+0000 is refused anywhere.
 */
export async function parseUploadForm(
  request: Request,
  options: {
    fileFields: readonly string[];
    maxFiles: number;
    maxParts?: number;
    /** Hard cap per file (default: the upload limit); a larger file fails the whole form with a 413. */
    maxFileSize?: number;
    /** A file larger than this (up to maxFileSize) is not kept: its field holds OVERSIZE_MARKER instead. */
    keepFilesUpTo?: number;
    /** The whole body's cap (default: the files' caps and 2 MB for the text fields). */
    maxTotalSize?: number;
  },
): Promise<FormData> {
  const media = formMediaType(request);
  const maxFileSize = options.maxFileSize ?? MAX_UPLOAD_BYTES;
  const keepUpTo = options.keepFilesUpTo ?? maxFileSize;
  const maxParts = options.maxParts ?? 1000;
  const maxTotalSize = options.maxTotalSize ?? options.maxFiles * maxFileSize + 2 * 1024 * 1024;
  // A body that says it is too large is refused before a byte of it is read.
  if (Number(request.headers.get("Content-Length") ?? 0) > maxTotalSize) {
    throw new RequestBodyError(413, "payload_too_large", `보낸 내용이 너무 큽니다. 파일은 ${MB}MB 이하로 올려 주세요.`);
  }
  const multipart = media === "multipart/form-data";
  if (!request.body) {
    if (multipart) throw malformedBody();
    return new FormData();
  }
  const parser = uploadParser(request, media, { maxTotalSize, maxParts, maxFiles: options.maxFiles, maxFileSize });

  const fileTooLarge = () => new RequestBodyError(413, "payload_too_large", `파일이 너무 큽니다. ${MB}MB 이하의 이미지를 올려 주세요.`);
  const tooManyParts = () => new RequestBodyError(413, "too_many_parts", "입력 항목이 너무 많습니다.");
  const stream = streamFormBody(request, parser, { maxBytes: maxTotalSize, tooLarge: fileTooLarge });
  // In the body's order; a file's entry is filled in when its last byte has arrived (null: not kept).
  const entries: ([string, string | File] | null)[] = [];
  let parts = 0;
  const countPart = () => {
    if (++parts > maxParts) stream.abort(tooManyParts());
  };
  parser.on("partsLimit", () => stream.abort(tooManyParts()));
  parser.on("fieldsLimit", () => stream.abort(tooManyParts()));
  parser.on("filesLimit", () => stream.abort(new RequestBodyError(413, "too_many_files", `한 번에 올릴 수 있는 파일은 ${options.maxFiles}개까지입니다.`)));
  parser.on("field", (name: string | undefined, value: string, info: busboy.FieldInfo) => {
    countPart();
    if (info.nameTruncated || info.valueTruncated) return stream.abort(fileTooLarge());
    if (!multipart) {
      name = latin1AsUtf8(name ?? "");
      value = latin1AsUtf8(value);
    } else if (value.includes("\uFFFD")) {
      return stream.abort(new RequestBodyError(400, "invalid_encoding", "보낸 내용에 읽을 수 없는 글자가 있습니다. UTF-8로 된 글자만 보내 주세요."));
    }
    if (name) entries.push([name, value]);
  });
  parser.on("file", (name: string | undefined, file: Readable, info: busboy.FileInfo) => {
    countPart();
    const index = entries.push(null) - 1;
    const kept = name !== undefined && options.fileFields.includes(name);
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    // A body that breaks off fails the file's stream, and the form with it (through the parser).
    file.on("error", () => undefined);
    file.on("limit", () => stream.abort(fileTooLarge()));
    file.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      // Past what is kept the rest is read and dropped, so the form's other fields still arrive.
      if (kept && size <= keepUpTo) chunks.push(chunk as Uint8Array<ArrayBuffer>);
    });
    file.on("end", () => {
      // An empty file input still sends a part, with no file name and no bytes.
      if (!kept || size === 0) return;
      entries[index] = [name, size > keepUpTo ? OVERSIZE_MARKER : new File(chunks, info.filename ?? "file-upload", { type: info.mimeType })];
    });
  });
  await stream.done;
  return formOf(entries);
}

/** The form's parser for the request's media type; throws the malformed-body error when busboy cannot read it. */
function uploadParser(
  request: Request,
  media: string,
  limits: { maxTotalSize: number; maxParts: number; maxFiles: number; maxFileSize: number },
): busboy.Busboy {
  const multipart = media === "multipart/form-data";
  const { maxTotalSize, maxParts, maxFiles, maxFileSize } = limits;
  try {
    return busboy({
      // An urlencoded body's charset parameter is left out: its bytes are taken as latin1 (one
      // character per byte) and decoded as UTF-8 below.
      headers: { "content-type": multipart ? request.headers.get("Content-Type")! : media },
      defCharset: multipart ? "utf8" : "latin1",
      defParamCharset: "utf8",
      limits: {
        fieldNameSize: maxTotalSize,
        fieldSize: maxTotalSize,
        fields: maxParts + 1,
        files: maxFiles,
        fileSize: maxFileSize + 1,
        parts: maxParts + 1,
      },
    });
  } catch {
    // No boundary, or a content type busboy cannot read.
    throw malformedBody();
  }
}

/** The parts kept, in the body's order, as FormData; U+0000 in a name or a value refuses the form. */
function formOf(entries: readonly ([string, string | File] | null)[]): FormData {
  const form = new FormData();
  for (const entry of entries) {
    if (!entry) continue;
    const [name, value] = entry;
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw new RequestBodyError(400, "nul_character", NUL_MESSAGE);
    form.append(name, value);
  }
  return form;
}

const utf8 = new TextDecoder();

/** Text busboy read as latin1 (one character per byte), decoded as UTF-8 as URLSearchParams would. */
function latin1AsUtf8(text: string): string {
  return /[\x80-\xff]/.test(text) ? utf8.decode(Buffer.from(text, "latin1")) : text;
}

/** U+0000 has no place in any text, and PostgreSQL cannot store it (it answered 500). */
export const NUL_MESSAGE = "입력한 내용에 쓸 수 없는 문자(U+0000)가 들어 있습니다. 그 문자를 지운 뒤 다시 보내 주세요.";

/** Files above the upload limit but under this cap are replaced by a marker instead of failing the form. */
const SOFT_FILE_CAP = 48 * 1024 * 1024;
const OVERSIZE_MARKER = "__file_too_large__";

/**
 * For admin forms: like parseUploadForm, but a file over 15 MB (up to 48 MB) does not abort parsing,
 * so the other fields survive and the form can come back with a message next to that file.
 */
export function parseStaffForm(request: Request, fileFields: readonly string[]): Promise<FormData> {
  return parseUploadForm(request, {
    fileFields,
    maxFiles: fileFields.length,
    maxFileSize: SOFT_FILE_CAP,
    keepFilesUpTo: MAX_UPLOAD_BYTES,
  });
}

/** Whether a field of parseStaffForm's result held a file over the upload limit. */
export function isOversizeUpload(value: FormDataEntryValue | null): boolean {
  return value === OVERSIZE_MARKER;
}

export const OVERSIZE_MESSAGE = `파일이 너무 큽니다. ${MB}MB 이하의 이미지를 올려 주세요.`;

/** An uploaded file from a parsed form, or null when the field is empty. */
export function uploadedFile(form: FormData, field: string): File | null {
  const value = form.get(field);
  return value instanceof File && value.size > 0 ? value : null;
}
