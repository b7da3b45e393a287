/** Business constants of requirements R10, shared by server and client. */

/** News and notice lists: items per page. */
export const PAGE_SIZE = 5;
/** List preview: text longer than this is cut... */
export const PREVIEW_CUT_THRESHOLD = 400;
/** ...to this many characters, plus an ellipsis. */
export const PREVIEW_CUT_LENGTH = 200;
/** Artist images: one main and four sub. */
export const MAX_ARTIST_IMAGES = 5;
/** Home carousel image count. */
export const HOME_CAROUSEL_IMAGES = 10;
/** Carousel transition speed and autoplay interval (ms). */
export const CAROUSEL_SPEED_MS = 2000;
export const CAROUSEL_INTERVAL_MS = 2000;
/**
 * Layout constants. The stylesheet reads these too (app/styles/design-tokens.ts turns them into
 * custom properties and media queries), so this file is their only home.
 */
/** Breakpoints (px): 768 for the logo block and scroll button, 1000 for header, carousel and overlay (requirements R10.2). */
export const BREAKPOINT_SMALL = 768;
export const BREAKPOINT_WIDE = 1000;
/** Overlay fade-out, home entrance and page fade-in durations (ms). */
export const OVERLAY_FADE_MS = 400;
export const HOME_ENTRANCE_MS = 1500;
export const PAGE_FADE_MS = 1500;
/** Header height (px) and stacking order. */
export const HEADER_HEIGHT = 100;
export const HEADER_Z_INDEX = 999;
/** Spacer block height (px): 100 from 1000 px wide, 60 below (requirements R10.2). */
export const SPACER_WIDE = 100;
export const SPACER_NARROW = 60;
/** Scroll-to-top button size (px): 60, and 50 under 768 px wide (requirements R10.2). */
export const SCROLL_TOP_SIZE = 60;
export const SCROLL_TOP_SIZE_SMALL = 50;
/** The overlay menu's footer line (requirements R3.3, verbatim). */
export const OVERLAY_FOOTER_TEXT = "ALL RIGHTS RESERVED. 2024 @ WE ENTERTAINMENT";
