/**
 * The public pages' only script (decision 027): the pages are complete server-rendered HTML, and every
 * link is a full page load (which gives the 1.5 s fade-in and the scroll to the top, requirements R3.1). This
 * hydrates the widgets the server marked with `data-widget` (the overlay menu, the back-to-top button,
 * the flash notice, the Kakao map, the audition form, the carousels, a profile's photo gallery and showreels): the same React components the
 * admin's app hydrates, run here on Preact (decision 038). Loaded only on the pages that have them: the
 * audition form and the carousel (chunks of their own; the carousel with react-slick on preact/compat). `<html data-enhanced>` marks
 * it done (the tests wait for it).
 */
import { MobileMenu } from "../components/mobile-menu";
import { warmWebFont } from "../lib/web-font";
import { hydrateWidgets, nextTask } from "./hydrate-widgets";

const WIDGETS = {
  // Only the home page has it: its own chunk (every other page's script stays smaller).
  "scroll-top": () => import("../components/scroll-top-button").then(({ ScrollTopButton }) => ({ component: ScrollTopButton })),
  // Only a page with a notice has it (after a redirect): its own chunk.
  "flash-notice": () => import("../components/flash-notice").then(({ FlashNotice }) => ({ component: FlashNotice })),
  // The hamburger and the overlay; the overlay's content is the server's markup (but its close control, the menu's own).
  "mobile-menu": {
    component: MobileMenu,
    nodes: 2,
    children: (_, [, overlay]) => (overlay?.id === "site-menu" ? [...overlay.childNodes].slice(1) : []),
  },
  // Only the pages with the contact section (home, news, notices) have it: its own chunk. Everything but
  // the canvas is the fallback card, shown until the map is drawn.
  "kakao-map": () =>
    import("../islands/kakao-map").then(({ KakaoMap }) => ({
      component: KakaoMap,
      children: (root) => [...root.childNodes].filter((node) => !(node instanceof Element && node.classList.contains("kakao-map__canvas"))),
    })),
  // Only /audition/apply has it: its own chunk.
  "audition-form": () => import("../components/audition-application-form").then(({ AuditionApplicationForm }) => ({ component: AuditionApplicationForm })),
  // Pages with a carousel: its own chunk on preact/compat; react-slick follows when one comes into view.
  carousel: () => import("../islands/carousel").then(({ Carousel }) => ({ component: Carousel })),
  // A profile's gallery (photos that open large): its own chunk, on Preact's core.
  "photo-lightbox": () => import("../islands/photo-lightbox").then(({ PhotoLightbox }) => ({ component: PhotoLightbox })),
  // A profile's showreels (posters that load the player when clicked): its own chunk, on Preact's core.
  "reel-player": () => import("../islands/reel-player").then(({ ReelPlayer }) => ({ component: ReelPlayer })),
} satisfies Parameters<typeof hydrateWidgets>[0];

// The widgets come to life in a task of their own, after this module and Preact are evaluated (together
// they were one long task on a slow phone); until then each works as the server's markup (links, forms).
const widgets = nextTask().then(() => hydrateWidgets(WIDGETS));

// The web font for the next pages, fetched once this one has loaded (lib/web-font.ts).
warmWebFont();

void widgets.then(() => {
  document.documentElement.dataset.enhanced = "";
});
