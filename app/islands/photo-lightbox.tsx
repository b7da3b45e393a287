import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { ResponsiveImage } from "../lib/responsive-image";
import { widgetRoot } from "../widgets/widget-root";

export interface LightboxPhoto {
  image: ResponsiveImage;
  alt: string;
  /** The largest stored version: the link's target without JavaScript, the dialog's image with it. */
  large: string;
}

export interface LightboxLabels {
  /** The dialog's accessible name. */
  dialog: string;
  close: string;
  previous: string;
  next: string;
  /** Said after a photo's description on its link ("크게 보기"). */
  open: string;
}

export interface PhotoLightboxProps {
  photos: LightboxPhoto[];
  sizes: string;
  labels: LightboxLabels;
}

/** The largest version of an image: the widest `srcSet` candidate, else its `src`. */
export function largestImageUrl(image: ResponsiveImage): string {
  const widest = image.srcSet
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/))
    .filter(([url, width]) => url && width)
    .sort((a, b) => parseInt(b[1]!, 10) - parseInt(a[1]!, 10))[0];
  return widest?.[0] ?? image.src;
}

/**
 * A profile's gallery (requirements R5.3: images 2 to 5) whose photos open large. Without JavaScript each photo is
 * a plain link to its large image. Running, a link opens a modal dialog with the large photo: named,
 * focus on its close button and kept inside, Escape or the close button (or a click beside the photo)
 * closes it and puts focus back on the link of the photo shown, the arrow keys and the previous / next
 * buttons move between the photos. A widget (decision 038): hydrated by the visitors' loader (its own
 * chunk, on Preact's core) and by React in the administrator's app.
 */
export function PhotoLightbox({ photos, sizes, labels }: PhotoLightboxProps) {
  const [shown, setShown] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const isOpen = shown !== null;

  // A modal <dialog>: the browser makes the rest of the page inert (and Tab is kept inside: onKeyDown).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!isOpen || !dialog) return;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>(".lightbox__close")?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, [isOpen]);

  const close = () => {
    if (shown === null) return;
    // Closed before it leaves the document (the browser's own focus return goes to the first opener).
    dialogRef.current?.close();
    setShown(null);
    listRef.current?.querySelectorAll<HTMLElement>(".gallery__link")[shown]?.focus();
  };
  const move = (step: number) => setShown((index) => (index === null ? null : (index + step + photos.length) % photos.length));

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && photos.length > 1) {
      event.preventDefault();
      move(event.key === "ArrowRight" ? 1 : -1);
    } else if (event.key === "Tab") {
      // Tab goes round the dialog's buttons, never out to the page or the browser's own controls.
      event.preventDefault();
      const buttons = [...event.currentTarget.querySelectorAll("button")];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus();
    }
  };

  const photo = shown === null ? null : photos[shown];
  return (
    <>
      <ul ref={listRef} className="gallery__grid" {...widgetRoot("photo-lightbox", { photos, sizes, labels })}>
        {photos.map(({ image, alt, large }, index) => (
          <li key={image.src}>
            <a
              href={large}
              className="gallery__link"
              onClick={(event) => {
                event.preventDefault();
                setShown(index);
              }}
            >
              <img
                src={image.src}
                srcSet={image.srcSet || undefined}
                sizes={image.srcSet ? sizes : undefined}
                width={image.width}
                height={image.height}
                alt={alt}
                loading="lazy"
                decoding="async"
              />
              <span className="visually-hidden"> {labels.open}</span>
            </a>
          </li>
        ))}
      </ul>
      {photo && shown !== null ? (
        <dialog
          ref={dialogRef}
          className="lightbox"
          aria-label={labels.dialog}
          onKeyDown={onKeyDown}
          // Escape: closed by us, so that focus goes back to the photo's link.
          onCancel={(event) => {
            event.preventDefault();
            close();
          }}
          onClick={(event) => {
            if (event.target === event.currentTarget) close();
          }}
        >
          <figure className="lightbox__figure">
            <img className="lightbox__image" src={photo.large} width={photo.image.width} height={photo.image.height} alt={photo.alt} />
            <figcaption className="lightbox__count" aria-live="polite">
              {shown + 1} / {photos.length}
            </figcaption>
          </figure>
          {photos.length > 1 ? (
            <>
              <button type="button" className="lightbox__button lightbox__previous" aria-label={labels.previous} onClick={() => move(-1)}>
                <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" />
                </svg>
              </button>
              <button type="button" className="lightbox__button lightbox__next" aria-label={labels.next} onClick={() => move(1)}>
                <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                  <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" />
                </svg>
              </button>
            </>
          ) : null}
          <button type="button" className="lightbox__button lightbox__close" aria-label={labels.close} onClick={close}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.2" />
            </svg>
          </button>
        </dialog>
      ) : null}
    </>
  );
}
