import type { ResponsiveImage } from "../lib/responsive-image";

/**
 * What the server puts in a carousel's `<script type="application/json" class="carousel__data">` for
 * the public pages' carousel island (app/enhance/carousel.tsx): every slide, not only the first ones
 * rendered as images, and the controls' labels in the page's language.
 */
export interface CarouselData {
  slides: { image: ResponsiveImage; alt: string; href?: string }[];
  wideSlides: 1 | 3;
  sizes: string;
  labels: { previous: string; next: string; pause: string; play: string };
}

/** JSON that cannot end its `<script>` element early. */
export function carouselDataJson(data: CarouselData): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
