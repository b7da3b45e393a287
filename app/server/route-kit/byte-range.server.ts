import type { ByteRange } from "../platform/storage.server";

/**
 * The `Range` header of a request for a file of `size` bytes (RFC 9110 §14): one byte range, as
 * browsers send for video (`bytes=0-`, `bytes=500-999`, `bytes=-500` for the last 500). Returns
 * "full" when the whole file should be sent (no header, a malformed one, another unit, several ranges:
 * a server may ignore what it does not support), the range (its end clamped to the file), or
 * "unsatisfiable" when it starts beyond the end (answered 416).
 */
export function parseByteRange(header: string | null, size: number): ByteRange | "full" | "unsatisfiable" {
  if (!header) return "full";
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return "full";
  const [, first, last] = match as unknown as [string, string, string];
  if (first === "" && last === "") return "full";
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return "full";
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
