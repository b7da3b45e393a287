/**
 * The focal point of a stored image: the spot, as fractions of the width and height from the
 * top left, that share images keep in view when they crop a photo to 1200×630. The crop math lives here
 * so the server's renderer and the admin page's preview agree to the pixel.
 */

/** Where the point is when nobody has set it: the centre. */
export const DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.5 } as const;

/** Size of the share images (Open Graph's and KakaoTalk's recommended 1.91:1). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The largest box (CSS pixels) the focal point picker shows the photo in. Fixed, not responsive: a
 * click on `<input type="image">` sends its position in displayed pixels, and the server can turn it
 * into fractions only when it knows the size the photo was shown at. 320 px fits a 390 px phone.
 */
export const FOCAL_PICKER_BOX = { width: 320, height: 400 } as const;

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Where an untouched portrait is cropped: its upper third, where a portrait photo's face is. A centred
 * crop of a standing actor to 1.91:1 shows the chest and cuts off the head.
 */
export const PORTRAIT_DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.3 } as const;

/** The point a crop keeps in view: the one set, or for a portrait nobody has set, its upper third. */
export function effectiveFocalPoint(width: number, height: number, focal: { x: number; y: number }): { x: number; y: number } {
  const unset = focal.x === DEFAULT_FOCAL_POINT.x && focal.y === DEFAULT_FOCAL_POINT.y;
  return unset && height > width ? PORTRAIT_DEFAULT_FOCAL_POINT : focal;
}

/**
 * The part of a `width`×`height` image that a cover crop to `outWidth`×`outHeight` keeps: the largest
 * rectangle of the output's proportions, centred on the focal point (`effectiveFocalPoint`) as far as the
 * image's edges allow. Whole pixels, always inside the image.
 */
export function focalCrop(width: number, height: number, point: { x: number; y: number }, outWidth: number, outHeight: number): CropRect {
  const focal = effectiveFocalPoint(width, height, point);
  const scale = Math.max(outWidth / width, outHeight / height);
  const cropWidth = clamp(Math.round(outWidth / scale), 1, width);
  const cropHeight = clamp(Math.round(outHeight / scale), 1, height);
  const left = Math.round(clamp(focal.x * width - cropWidth / 2, 0, width - cropWidth));
  const top = Math.round(clamp(focal.y * height - cropHeight / 2, 0, height - cropHeight));
  return { left, top, width: cropWidth, height: cropHeight };
}

/**
 * CSS `object-position` that shows the same crop as `focalCrop` in an `object-fit: cover` box of the
 * output's proportions (a percentage aligns that fraction of the overflow, not the point itself).
 */
export function focalObjectPosition(width: number, height: number, focal: { x: number; y: number }, outWidth: number, outHeight: number): string {
  const crop = focalCrop(width, height, focal, outWidth, outHeight);
  const spareX = width - crop.width;
  const spareY = height - crop.height;
  const x = spareX > 0 ? (crop.left / spareX) * 100 : 50;
  const y = spareY > 0 ? (crop.top / spareY) * 100 : 50;
  return `${x.toFixed(1)}% ${y.toFixed(1)}%`;
}

/** The size the picker shows an image at: inside FOCAL_PICKER_BOX, proportions kept, whole pixels. */
export function focalPickerSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(FOCAL_PICKER_BOX.width / width, FOCAL_PICKER_BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A fraction as the form's percentage field shows it: "37.5". */
export function focalPercent(fraction: number): string {
  return String(Math.round(fraction * 1000) / 10);
}
