/**
 * The carousel's previous / pause-play / next buttons of the carousel widget (carousel.tsx).
 */
export function CarouselButtons({
  onPrevious,
  onNext,
  onToggle,
  playing,
  reducedMotion,
  labels,
}: {
  onPrevious: () => void;
  onNext: () => void;
  onToggle: () => void;
  playing: boolean;
  reducedMotion: boolean;
  labels: { previous: string; next: string; pause: string; play: string };
}) {
  return (
    <>
      <button type="button" className="carousel__button" onClick={onPrevious} aria-label={labels.previous}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" />
        </svg>
      </button>
      <button type="button" className="carousel__button" onClick={onToggle} aria-pressed={!playing} aria-label={playing ? labels.pause : labels.play} disabled={reducedMotion}>
        {playing ? (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M8 5l11 7-11 7z" fill="currentColor" />
          </svg>
        )}
      </button>
      <button type="button" className="carousel__button" onClick={onNext} aria-label={labels.next}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" />
        </svg>
      </button>
    </>
  );
}
