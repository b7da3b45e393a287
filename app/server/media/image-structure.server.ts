/**
 * Structural checks that decoding alone does not make: a GIF or PNG must hold an image and nothing
 * else. Polyglots (a GIF that is also a script, a PNG with an HTML tail) hide their payload in GIF
 * comment/plain-text/unknown application blocks or after the end marker.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes after PNG's IEND chunk, or null when the chunk structure cannot be walked. */
function pngTrailingBytes(bytes: Uint8Array): number | null {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    offset += 12 + length;
    if (type === "IEND") return Math.max(0, bytes.length - offset);
  }
  return null;
}

const ALLOWED_GIF_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0"]);

/** Why a GIF is not a plain image, or null when it is one. */
function gifProblem(bytes: Uint8Array): string | null {
  const header = String.fromCharCode(...bytes.subarray(0, 6));
  if (header !== "GIF87a" && header !== "GIF89a") return "header";
  let offset = 13;
  const flags = bytes[10] ?? 0;
  if (flags & 0x80) offset += 3 * 2 ** ((flags & 0x07) + 1);
  const skipSubBlocks = () => {
    while (offset < bytes.length) {
      const size = bytes[offset] ?? 0;
      offset += 1;
      if (size === 0) return;
      offset += size;
    }
  };
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) return bytes.length - offset - 1 > 0 ? "trailing data" : null;
    if (block === 0x2c) {
      const localFlags = bytes[offset + 9] ?? 0;
      offset += 10;
      if (localFlags & 0x80) offset += 3 * 2 ** ((localFlags & 0x07) + 1);
      offset += 1; // LZW minimum code size
      skipSubBlocks();
      continue;
    }
    if (block === 0x21) {
      const label = bytes[offset + 1];
      if (label === 0xfe || label === 0x01) return "comment or text block";
      if (label === 0xff) {
        const size = bytes[offset + 2] ?? 0;
        const id = String.fromCharCode(...bytes.subarray(offset + 3, offset + 3 + Math.min(size, 11)));
        if (!ALLOWED_GIF_APPLICATIONS.has(id)) return "unknown application block";
      }
      offset += 2;
      skipSubBlocks();
      continue;
    }
    return "unknown block";
  }
  return "no trailer";
}

/** A short reason when the file carries more than its image, else null. */
export function hiddenPayloadProblem(bytes: Uint8Array, format: string): string | null {
  if (format === "gif") return gifProblem(bytes);
  if (format === "png") {
    const trailing = pngTrailingBytes(bytes);
    return trailing === null ? "chunks" : trailing > 0 ? "trailing data" : null;
  }
  return null;
}
