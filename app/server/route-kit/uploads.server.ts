import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { MAX_UPLOAD_BYTES } from "../media/media.server";
import { RequestBodyError } from "../platform/request-body-error.server";


const MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** Largest header block of one multipart part. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;

const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

/**
 * The request with its form media type in lower case, or a 415 for any other type. The parser below
 * recognizes only the lower-case spelling and would hand anything else (`Multipart/Form-Data`) to
 * `request.formData()`, which reads the whole body with no limit; nothing reaches that fallback now.
 */
function withFormContentType(request: Request): Request {
  const type = request.headers.get("Content-Type") ?? "";
  const semicolon = type.indexOf(";");
  const media = (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase();
  if (!FORM_TYPES.has(media)) throw new RequestBodyError(415, "unsupported_media_type", "multipart/form-data 형식으로 보내 주세요.");
  const normalized = media + (semicolon === -1 ? "" : type.slice(semicolon));
  if (normalized === type) return request;
  const headers = new Headers(request.headers);
  headers.set("Content-Type", normalized);
  return new Request(request.url, { method: request.method, headers, body: request.body, signal: request.signal, duplex: "half" } as RequestInit);
}

/**
 * Streams a multipart (or urlencoded) form with limits: files only from the named fields, each at most
 * 15 MB, a bounded number of parts. Files stay in memory until the media pipeline has decoded them.
 */
export async function parseUploadForm(
  request: Request,
  options: {
    fileFields: readonly string[];
    maxFiles: number;
    maxParts?: number;
    /** Hard cap per file for the parser (default: the upload limit). */
    maxFileSize?: number;
    /** What to keep for an accepted file (default: the file itself). */
    onFile?: (file: FileUpload) => File | string;
    /** The whole body's cap (default: the files' caps and 2 MB for the text fields). */
    maxTotalSize?: number;
  },
): Promise<FormData> {
  const formRequest = withFormContentType(request);
  const maxTotalSize = options.maxTotalSize ?? options.maxFiles * (options.maxFileSize ?? MAX_UPLOAD_BYTES) + 2 * 1024 * 1024;
  // A body that says it is too large is refused before a byte of it is read.
  if (Number(request.headers.get("Content-Length") ?? 0) > maxTotalSize) {
    throw new RequestBodyError(413, "payload_too_large", `보낸 내용이 너무 큽니다. 파일은 ${MB}MB 이하로 올려 주세요.`);
  }
  let form: FormData;
  try {
    form = await parseFormData(
      formRequest,
      {
        maxFiles: options.maxFiles,
        maxFileSize: options.maxFileSize ?? MAX_UPLOAD_BYTES,
        maxParts: options.maxParts ?? 1000,
        // A part's headers are a name, a file name and a type: a few hundred bytes.
        maxHeaderSize: MAX_PART_HEADER_BYTES,
        maxTotalSize,
      },
      (file: FileUpload) => {
        if (!options.fileFields.includes(file.fieldName) || file.size === 0) return null;
        return options.onFile ? options.onFile(file) : file;
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw new RequestBodyError(413, "payload_too_large", `파일이 너무 큽니다. ${MB}MB 이하의 이미지를 올려 주세요.`);
    }
    if (error instanceof MaxFilesExceededError) {
      throw new RequestBodyError(413, "too_many_files", `한 번에 올릴 수 있는 파일은 ${options.maxFiles}개까지입니다.`);
    }
    if (error instanceof MaxHeaderSizeExceededError) {
      throw new RequestBodyError(400, "part_header_too_large", "입력 항목의 머리글이 너무 깁니다. 파일 이름을 짧게 바꿔 다시 보내 주세요.");
    }
    if (error instanceof MaxPartsExceededError) {
      throw new RequestBodyError(413, "too_many_parts", "입력 항목이 너무 많습니다.");
    }
    // A text part that is not UTF-8 (the parser decodes text parts strictly).
    if (error instanceof TypeError && (error as NodeJS.ErrnoException).code === "ERR_ENCODING_INVALID_ENCODED_DATA") {
      throw new RequestBodyError(400, "invalid_encoding", "보낸 내용에 읽을 수 없는 글자가 있습니다. UTF-8로 된 글자만 보내 주세요.");
    }
    if (error instanceof FormDataParseError) {
      throw new RequestBodyError(400, "malformed_body", "요청 본문을 읽을 수 없습니다. 다시 시도해 주세요.");
    }
    throw error;
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw new RequestBodyError(400, "nul_character", NUL_MESSAGE);
  }
  return form;
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
export function parseAdminForm(request: Request, fileFields: readonly string[]): Promise<FormData> {
  return parseUploadForm(request, {
    fileFields,
    maxFiles: fileFields.length,
    maxFileSize: SOFT_FILE_CAP,
    onFile: (file) => (file.size > MAX_UPLOAD_BYTES ? OVERSIZE_MARKER : file),
  });
}

/** Whether a field of parseAdminForm's result held a file over the upload limit. */
export function isOversizeUpload(value: FormDataEntryValue | null): boolean {
  return value === OVERSIZE_MARKER;
}

export const OVERSIZE_MESSAGE = `파일이 너무 큽니다. ${MB}MB 이하의 이미지를 올려 주세요.`;

/** An uploaded file from a parsed form, or null when the field is empty. */
export function uploadedFile(form: FormData, field: string): File | null {
  const value = form.get(field);
  return value instanceof File && value.size > 0 ? value : null;
}
