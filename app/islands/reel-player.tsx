import { useEffect, useRef, useState } from "react";
import { REEL_PROVIDER_NAMES, reelEmbedUrl, reelWatchUrl, type ReelProvider } from "../domain/reels";
import { useHydrated } from "../lib/use-hydrated";
import { widgetRoot } from "../widgets/widget-root";

/** A reel as the profile shows it: the provider, the video's id there (checked when stored) and its name. */
export interface ReelPlayerItem {
  provider: ReelProvider;
  id: string;
  name: string;
}

export interface ReelPlayerProps {
  reels: ReelPlayerItem[];
  locale: "ko" | "en";
}

/** What the posters and players say, by language. */
const LABELS: Record<"ko" | "en", { watchOn: (provider: string) => string; play: (provider: string) => string; player: (name: string) => string }> = {
  ko: {
    watchOn: (provider) => `${provider}에서 보기 (새 창)`,
    play: (provider) => `재생 (${provider})`,
    player: (name) => `${name} 영상 플레이어`,
  },
  en: {
    watchOn: (provider) => `Watch on ${provider} (opens in a new tab)`,
    play: (provider) => `Play (${provider})`,
    player: (name) => `${name} video player`,
  },
};

/**
 * An artist's showreels on the profile (decision 046). Each is a poster of ours (a panel with a play
 * mark, the title and the provider's name: no image or script from the provider) and, without
 * JavaScript, a plain link to the video on its host in a new tab. Running, a click replaces the poster
 * with the player on the provider's privacy-enhanced host (youtube-nocookie.com, Vimeo with dnt=1,
 * Naver TV's embed), starting at once, and focus moves into it: nothing is fetched from the provider
 * before that click. A widget (decision 038): hydrated by the visitors' loader (its own chunk, on
 * Preact's core) and by React in the administrator's app.
 */
export function ReelPlayer({ reels, locale }: ReelPlayerProps) {
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState<readonly number[]>([]);
  const started = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const labels = LABELS[locale];

  useEffect(() => {
    if (started.current === null) return;
    listRef.current?.querySelector<HTMLIFrameElement>(`[data-reel="${started.current}"] iframe`)?.focus();
    started.current = null;
  });

  return (
    <ul className="reels" ref={listRef} {...widgetRoot("reel-player", { reels, locale })}>
      {reels.map((reel, i) => {
        const provider = REEL_PROVIDER_NAMES[reel.provider][locale];
        return (
          <li key={`${reel.provider}:${reel.id}:${i}`} className="reels__item" data-reel={i}>
            {playing.includes(i) ? (
              <div className="reels__frame">
                <iframe
                  src={reelEmbedUrl(reel, true)}
                  title={labels.player(reel.name)}
                  allow="autoplay; fullscreen; picture-in-picture"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                />
              </div>
            ) : (
              <a
                className="reels__poster"
                href={reelWatchUrl(reel)}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(event) => {
                  // A click with a modifier still opens the video's page, as links do.
                  if (!hydrated || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  started.current = i;
                  setPlaying((list) => [...list, i]);
                }}
              >
                <span className="reels__play" aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                    <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
                  </svg>
                </span>
                <span className="reels__name">{reel.name}</span>
                <span className="reels__provider">
                  {provider}
                  <span className="visually-hidden">, {hydrated ? labels.play(provider) : labels.watchOn(provider)}</span>
                </span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
