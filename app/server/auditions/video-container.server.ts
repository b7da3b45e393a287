/**
 * Checks that an uploaded video is an MP4 or QuickTime (MOV) file by its bytes, while it streams to
 * storage (nothing is transcoded or held in memory). Both are ISO base media files: a sequence of
 * boxes, each `[size:u32][type:4 chars]` (size 1: a 64-bit size follows; size 0: to the end of the
 * file). The file must start with an `ftyp` box naming a video brand, every top-level box must have a
 * readable type and fit in the file, the boxes must end exactly where the file ends (nothing appended:
 * no HTML or archive riding along), and there must be a `moov` (the index) and an `mdat` (the media).
 */

import { auditionMessages } from "../../domain/audition-messages";

export type VideoContainer = "mp4" | "mov";

export const VIDEO_CONTENT_TYPES: Record<VideoContainer, string> = { mp4: "video/mp4", mov: "video/quicktime" };

/** Brands of MP4/MOV video files as phones, cameras and editors write them. */
const MP4_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VP", "MSNV", "3gp4", "3gp5", "3gp6", "3g2a", "dash", "mmp4", "f4v ", "XAVC", "NDAS", "hvc1"]);
const QUICKTIME_BRAND = "qt  ";

type VideoProblem = "not-a-video" | "broken";

/** A file that is not a readable video; `message` is the Korean form's text, `kind` picks the form's language's. */
export class VideoContainerError extends Error {
  override name = "VideoContainerError";
  constructor(readonly kind: VideoProblem) {
    super(kind === "not-a-video" ? auditionMessages("ko").notAVideo : auditionMessages("ko").brokenVideo);
  }
}

const NOT_A_VIDEO: VideoProblem = "not-a-video";
const BROKEN: VideoProblem = "broken";

const isBoxType = (bytes: Uint8Array) => bytes.every((b) => (b >= 0x20 && b <= 0x7e) || b === 0xa9);
const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Feed it the file's chunks in order, then call `finish()`; both throw VideoContainerError. */
export class VideoContainerChecker {
  private offset = 0;
  /** Where the next top-level box starts (null: the last box runs to the end of the file). */
  private nextBox: number | null = 0;
  private header = new Uint8Array(16);
  private headerFill = 0;
  private boxes = 0;
  private seen = new Set<string>();
  private container: VideoContainer | null = null;
  /** Bytes of the ftyp box's content still to read, and what has been read of it. */
  private ftyp: { remaining: number; bytes: number[] } | null = null;

  push(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.ftyp) {
        const take = Math.min(this.ftyp.remaining, chunk.length - i);
        for (let k = 0; k < take; k++) this.ftyp.bytes.push(chunk[i + k]!);
        this.ftyp.remaining -= take;
        this.offset += take;
        i += take;
        if (this.ftyp.remaining === 0) this.readBrands();
        continue;
      }
      if (this.nextBox === null) {
        // Inside a box that runs to the end of the file: nothing more to check.
        this.offset += chunk.length - i;
        return;
      }
      if (this.offset < this.nextBox) {
        const skip = Math.min(this.nextBox - this.offset, chunk.length - i);
        this.offset += skip;
        i += skip;
        continue;
      }
      // At a box header: gather 8 bytes (16 when the size is 64-bit).
      this.header[this.headerFill++] = chunk[i]!;
      i++;
      if (this.headerFill === 8 || this.headerFill === 16) this.readHeader();
    }
  }

  private readHeader(): void {
    const view = new DataView(this.header.buffer);
    const size32 = view.getUint32(0);
    const type = this.header.subarray(4, 8);
    if (this.boxes === 0 && text(type) !== "ftyp") throw new VideoContainerError(NOT_A_VIDEO);
    if (!isBoxType(type)) throw new VideoContainerError(this.boxes === 0 ? NOT_A_VIDEO : BROKEN);
    let size: number;
    let headerLength = 8;
    if (size32 === 1) {
      if (this.headerFill < 16) return;
      const big = view.getBigUint64(8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new VideoContainerError(BROKEN);
      size = Number(big);
      headerLength = 16;
    } else {
      size = size32;
    }
    const start = this.offset;
    this.offset += headerLength;
    this.headerFill = 0;
    this.boxes++;
    const name = text(type);
    this.seen.add(name);
    if (size === 0) {
      if (name === "ftyp") throw new VideoContainerError(NOT_A_VIDEO);
      this.nextBox = null;
      return;
    }
    if (size < headerLength) throw new VideoContainerError(BROKEN);
    this.nextBox = start + size;
    if (name === "ftyp") {
      if (this.boxes !== 1 || size < 16 || size > 1024) throw new VideoContainerError(NOT_A_VIDEO);
      this.ftyp = { remaining: size - headerLength, bytes: [] };
    }
  }

  private readBrands(): void {
    const bytes = Uint8Array.from(this.ftyp!.bytes);
    this.ftyp = null;
    const brands = [text(bytes.subarray(0, 4))];
    for (let k = 8; k + 4 <= bytes.length; k += 4) brands.push(text(bytes.subarray(k, k + 4)));
    if (brands[0] === QUICKTIME_BRAND) this.container = "mov";
    else if (brands.some((brand) => MP4_BRANDS.has(brand))) this.container = "mp4";
    else if (brands.includes(QUICKTIME_BRAND)) this.container = "mov";
    else throw new VideoContainerError(NOT_A_VIDEO);
  }

  /** The container, once the whole file has been seen. */
  finish(): VideoContainer {
    if (this.boxes === 0 || this.ftyp || !this.container) throw new VideoContainerError(this.offset === 0 ? NOT_A_VIDEO : this.container ? BROKEN : NOT_A_VIDEO);
    if (this.headerFill !== 0) throw new VideoContainerError(BROKEN);
    if (this.nextBox !== null && this.nextBox !== this.offset) throw new VideoContainerError(BROKEN);
    if (!this.seen.has("moov") || !this.seen.has("mdat")) throw new VideoContainerError(BROKEN);
    return this.container;
  }
}

/** Checks a whole file in memory (tests, small files). */
export function checkVideoContainer(bytes: Uint8Array): VideoContainer {
  const checker = new VideoContainerChecker();
  checker.push(bytes);
  return checker.finish();
}
