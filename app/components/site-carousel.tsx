import { Link } from "react-router";
import { Carousel, carouselLabels, type CarouselProps, type SlideLink } from "../islands/carousel";
import { useMessages } from "../lib/locale";

const RouterLink: SlideLink = ({ href, children }) => <Link to={href}>{children}</Link>;

/**
 * The carousel widget as the site's routes render it: the controls' labels in the page's language, and
 * slides that link with React Router (client-side navigation in the administrator's app; a plain link
 * for visitors, whose pages the enhancement script hydrates from the widget's JSON).
 */
export function SiteCarousel(props: Omit<CarouselProps, "labels" | "link">) {
  const labels = carouselLabels(useMessages().layout);
  return <Carousel {...props} labels={labels} link={RouterLink} />;
}
