import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { focalCrop, focalObjectPosition, focalPickerSize } from "../../app/domain/focal-point";
import { mediaFocalClickSchema, mediaFocalSchema } from "../../app/domain/schemas";
import { renderShareImage, SHARE_MAX_BYTES, type ShareCard } from "../../app/server/media/share-image.server";
import { fitText, loadShareFonts, printableText, wrapText } from "../../app/server/media/share-text.server";

/** A grey 800×1200 portrait with a 160×160 red block centred on (blockX, blockY). */
async function portraitWithBlock(blockX: number, blockY: number): Promise<Buffer> {
  const block = await sharp({ create: { width: 160, height: 160, channels: 3, background: "#e01010" } }).png().toBuffer();
  return sharp({ create: { width: 800, height: 1200, channels: 3, background: "#6a6a6a" } })
    .composite([{ input: block, left: blockX - 80, top: blockY - 80 }])
    .jpeg()
    .toBuffer();
}

async function pixel(jpeg: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const isRed = ([r, g, b]: [number, number, number]) => r > 150 && g < 90 && b < 90;

const artistCard = (overrides: Partial<ShareCard> = {}): ShareCard => ({
  variant: "artist",
  locale: "ko",
  title: "한서윤",
  subtitle: "Han Seoyun",
  label: "배우",
  photo: null,
  ...overrides,
});

describe("focal crop", () => {
  it("keeps the output's proportions, centres on the point and stays inside the image", () => {
    // A portrait cropped to 1200×630: full width, 420 px tall out of 1200.
    // An untouched portrait keeps its upper third (the face), not its middle.
    expect(focalCrop(800, 1200, { x: 0.5, y: 0.5 }, 1200, 630)).toEqual({ left: 0, top: 150, width: 800, height: 420 });
    expect(focalCrop(800, 1200, { x: 0.5, y: 0.51 }, 1200, 630)).toEqual({ left: 0, top: 402, width: 800, height: 420 });
    expect(focalCrop(800, 1200, { x: 0.5, y: 0.25 }, 1200, 630)).toEqual({ left: 0, top: 90, width: 800, height: 420 });
    // Near an edge the crop stops at the edge.
    expect(focalCrop(800, 1200, { x: 0.5, y: 0 }, 1200, 630).top).toBe(0);
    expect(focalCrop(800, 1200, { x: 0.5, y: 1 }, 1200, 630).top).toBe(780);
    // A wide panorama moves sideways.
    expect(focalCrop(4000, 1000, { x: 0.9, y: 0.5 }, 1200, 630)).toEqual({ left: 2095, top: 0, width: 1905, height: 1000 });
  });

  it("gives the CSS object-position that shows the same part, and the picker's size", () => {
    // The untouched portrait's crop (top 150 of 780 spare pixels), as the preview shows it.
    expect(focalObjectPosition(800, 1200, { x: 0.5, y: 0.5 }, 1200, 630)).toBe("50.0% 19.2%");
    expect(focalObjectPosition(1200, 800, { x: 0.5, y: 0.5 }, 1200, 630)).toBe("50.0% 50.0%");
    expect(focalObjectPosition(800, 1200, { x: 0.5, y: 0.25 }, 1200, 630)).toBe("50.0% 11.5%");
    expect(focalObjectPosition(800, 1200, { x: 0.5, y: 0 }, 1200, 630)).toBe("50.0% 0.0%");
    expect(focalPickerSize(800, 1200)).toEqual({ width: 267, height: 400 });
    expect(focalPickerSize(3200, 1800)).toEqual({ width: 320, height: 180 });
  });

  it("reads the form: percentages, or a click in the displayed pixels, with Korean messages", () => {
    expect(mediaFocalSchema.parse({ focalX: "37.5", focalY: " 20 " })).toEqual({ x: 0.375, y: 0.2 });
    const refused = mediaFocalSchema.safeParse({ focalX: "120", focalY: "" });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.message)).toEqual(["가로 위치는 0에서 100 사이의 숫자로 입력해 주세요.", "세로 위치는 0에서 100 사이의 숫자로 입력해 주세요."]);
    expect(mediaFocalClickSchema.parse({ "focal.x": "80", "focal.y": "100", boxWidth: "320", boxHeight: "400" })).toEqual({ x: 0.25, y: 0.25 });
    expect(mediaFocalClickSchema.safeParse({ "focal.x": "-3", "focal.y": "1", boxWidth: "320", boxHeight: "400" }).error?.issues[0]?.message).toBe(
      "사진 위를 다시 눌러 초점을 선택해 주세요.",
    );
  });
});

describe("share image text", () => {
  it("wraps between words, breaks only words wider than a line, and ends with an ellipsis after the last line", async () => {
    const { bold } = await loadShareFonts();
    const style = { font: bold, size: 60 };
    expect(wrapText("새 드라마 캐스팅", style, 1056, 3)).toEqual({ lines: ["새 드라마 캐스팅"], truncated: false });
    const long = wrapText("아주 긴 제목 ".repeat(30), style, 1056, 3);
    expect(long.truncated).toBe(true);
    expect(long.lines).toHaveLength(3);
    expect(long.lines[2]!.endsWith("…")).toBe(true);
    expect(wrapText("가".repeat(60), style, 600, 5).lines.length).toBeGreaterThan(1);
    // A short title keeps the largest size; a long one steps down before it is cut.
    expect(fitText("공지", { font: bold }, [68, 60, 52], 1056, 3).size).toBe(68);
    expect(fitText("오디션 안내 ".repeat(12), { font: bold }, [68, 60, 52], 1056, 3).size).toBeLessThan(68);
    // Characters Pretendard has no glyph for (hanja, emoji) are left out, not drawn as boxes.
    expect(printableText(bold, "韓 한서윤 🎬  배우")).toBe("한서윤 배우");
  });
});

describe("share image drawing", () => {
  it("draws a 1200×630 JPEG under the size budget, cropped around the focal point", async () => {
    const photo = await portraitWithBlock(400, 200);
    const aimed = await renderShareImage(artistCard({ photo: { bytes: photo, focal: { x: 0.5, y: 200 / 1200 } } }));
    const meta = await sharp(aimed).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
    expect(aimed.byteLength).toBeLessThan(SHARE_MAX_BYTES);
    // The crop (800×420 of the photo, scaled 1.5×) starts at the top: the block's centre lands at (600, 300).
    expect(isRed(await pixel(aimed, 600, 300))).toBe(true);
    // Aimed lower instead, the block is above the crop.
    const centred = await renderShareImage(artistCard({ photo: { bytes: photo, focal: { x: 0.5, y: 0.6 } } }));
    expect(isRed(await pixel(centred, 600, 300))).toBe(false);
    expect(isRed(await pixel(centred, 600, 40))).toBe(false);
  });

  it("sets the name in type: the pixels differ from a card without it", async () => {
    const photo = await portraitWithBlock(400, 600);
    const card = artistCard({ photo: { bytes: photo, focal: { x: 0.5, y: 0.5 } } });
    const named = await sharp(await renderShareImage(card)).raw().toBuffer();
    const unnamed = await sharp(await renderShareImage({ ...card, title: "", subtitle: "" })).raw().toBuffer();
    // The name's area (bottom left) is bright white where the text is.
    let changed = 0;
    for (let y = 420; y < 600; y += 2) for (let x = 72; x < 500; x += 2) if (Math.abs(named[(y * 1200 + x) * 3]! - unnamed[(y * 1200 + x) * 3]!) > 60) changed++;
    expect(changed).toBeGreaterThan(500);
  });

  it("draws the branded card without a photo, and a post's card with a three-line title", async () => {
    const branded = await renderShareImage(artistCard());
    expect(await sharp(branded).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // White paper, the pink edge on top.
    const [r, g, b] = await pixel(branded, 1100, 200);
    expect(Math.min(r, g, b)).toBeGreaterThan(235);
    expect(isRed(await pixel(branded, 600, 4))).toBe(false);
    expect((await pixel(branded, 600, 4))[0]).toBeGreaterThan(200);

    const post = await renderShareImage({ variant: "post", locale: "en", title: "Open audition for new actors ".repeat(6), subtitle: "2026.11.24", label: "NOTICE", photo: null });
    expect(await sharp(post).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(post.equals(branded)).toBe(false);
  });

  it("stays under the size budget with a noisy photo", async () => {
    const noise = Buffer.alloc(1600 * 1000 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    const photo = await sharp(noise, { raw: { width: 1600, height: 1000, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    const image = await renderShareImage({ variant: "post", locale: "ko", title: "잡음 사진", subtitle: "2026.11.24", label: "뉴스", photo: { bytes: photo, focal: { x: 0.5, y: 0.5 } } });
    expect(image.byteLength).toBeLessThanOrEqual(SHARE_MAX_BYTES);
    expect(await sharp(image).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });
});
