import { useEffect, useRef, useState, type ReactNode } from "react";
import { drawKakaoMap, loadKakaoMapsSdk } from "../lib/kakao-maps-sdk";
import { widgetRoot } from "../widgets/widget-root";

interface KakaoMapProps {
  appKey: string | null;
  lat: number;
  lng: number;
  label: string;
  /** Shown until the Kakao map is drawn, and for good when it cannot be (no key, no network). */
  children: ReactNode;
}

/**
 * Kakao Maps with a marker and an info window showing the company name, when a key is configured.
 * The page never waits for it: the fallback is rendered first and stays if the SDK cannot load. One
 * implementation (decision 038): on visitors' pages the fallback is the server's markup of it.
 */
export function KakaoMap({ appKey, lat, lng, label, children }: KakaoMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);

  const rootRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  // The SDK is a third-party script: it is fetched only when the map comes near the viewport.
  useEffect(() => {
    const root = rootRef.current;
    if (!appKey || !root) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: "300px" });
    observer.observe(root);
    return () => observer.disconnect();
  }, [appKey]);

  useEffect(() => {
    if (!appKey || !near) return;
    let live = true;
    loadKakaoMapsSdk(appKey)
      .then((maps) => {
        const container = containerRef.current;
        if (!live || !container) return;
        drawKakaoMap(maps, container, { lat, lng, label });
        setDrawn(true);
      })
      .catch(() => {
        // No network or a blocked key: the fallback already shows the location.
      });
    return () => {
      live = false;
    };
  }, [appKey, near, lat, lng, label]);

  return (
    <div ref={rootRef} className="kakao-map" data-app-key={appKey ?? undefined} data-lat={lat} data-lng={lng} data-label={label} {...widgetRoot("kakao-map", { appKey, lat, lng, label })}>
      {drawn ? null : children}
      {appKey ? <div ref={containerRef} className={drawn ? "kakao-map__canvas is-drawn" : "kakao-map__canvas"} /> : null}
    </div>
  );
}
