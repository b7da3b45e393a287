import { ARTIST_LIST_FIELD_INFO, type ArtistFields } from "../../domain/artist-fields";
import { ARTIST_STATUS_LABELS } from "../../domain/content-states";
import type { ArtistProfileView } from "../../components/artist-profile";
import { toResponsiveImage } from "../../lib/responsive-image";
import type { Artist } from "./artist-queries.server";

/** What an artist's profile page shows, from the artist (the public page and the preview). */
export function artistProfileView(artist: ArtistFields & Pick<Artist, "status" | "images">): ArtistProfileView {
  const [main, ...gallery] = artist.images;
  const lists = (section: "profile" | "credits") =>
    ARTIST_LIST_FIELD_INFO.filter((f) => f.section === section).map((f) => ({
      key: f.key,
      label: f.label,
      title: "title" in f ? f.title : f.label,
      items: artist[f.key],
    }));
  return {
    name: artist.name,
    ename: artist.ename,
    birthday: artist.birthday,
    cm: artist.cm,
    insta: /^https?:\/\//i.test(artist.insta) ? artist.insta : "",
    statusLabel: artist.status === "public" ? null : ARTIST_STATUS_LABELS[artist.status],
    profileLists: lists("profile"),
    credits: lists("credits"),
    main: main ? toResponsiveImage(main) : null,
    gallery: gallery.map(toResponsiveImage),
  };
}
