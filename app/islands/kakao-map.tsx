import { useEffect, useRef, useState, type ReactNode } from "react";

interface KakaoMapProps {
  appKey: string | null;
  lat: number;
  lng: number;
  label: string;
  /** Shown until the Kakao map is drawn, and for good when it cannot be (no key, no network). */
  children: ReactNode;
}

interface KakaoMapsApi {
  load(callback: () => void): void;
  LatLng: new (lat: number, lng: number) => unknown;
  Map: new (container: HTMLElement, options: { center: unknown; level: number }) => unknown;
  Marker: new (options: { position: unknown; map?: unknown }) => unknown;
  InfoWindow: new (options: { content: HTMLElement | string; removable?: boolean }) => { open(map: unknown, marker: unknown): void };
}

declare global {
  interface Window {
    kakao?: { maps: KakaoMapsApi };
  }
}

const SDK_TIMEOUT_MS = 8_000;
let sdkPromise: Promise<KakaoMapsApi> | null = null;

function loadSdk(appKey: string): Promise<KakaoMapsApi> {
  sdkPromise ??= new Promise<KakaoMapsApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://dapi.kakao.com/v2/maps/sdk.js?appkey=${encodeURIComponent(appKey)}&autoload=false`;
    script.async = true;
    const timer = setTimeout(() => reject(new Error("Kakao Maps SDK timed out")), SDK_TIMEOUT_MS);
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error("Kakao Maps SDK failed to load"));
    };
    script.onload = () => {
      const maps = window.kakao?.maps;
      if (!maps) {
        clearTimeout(timer);
        reject(new Error("Kakao Maps SDK missing"));
        return;
      }
      maps.load(() => {
        clearTimeout(timer);
        resolve(maps);
      });
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    sdkPromise = null;
    throw error;
  });
  return sdkPromise;
}

/**
 * Kakao Maps with a marker and an info window showing the company name, when a key is configured.
 * The page never waits for it: the fallback is rendered first and stays if the SDK cannot load.
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
    loadSdk(appKey)
      .then((maps) => {
        const container = containerRef.current;
        if (!live || !container) return;
        const position = new maps.LatLng(lat, lng);
        const map = new maps.Map(container, { center: position, level: 3 });
        const marker = new maps.Marker({ position, map });
        const content = document.createElement("div");
        content.className = "kakao-map__info";
        content.textContent = label;
        new maps.InfoWindow({ content }).open(map, marker);
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
    <div ref={rootRef} className="kakao-map">
      {drawn ? null : children}
      {appKey ? <div ref={containerRef} className={drawn ? "kakao-map__canvas is-drawn" : "kakao-map__canvas"} /> : null}
    </div>
  );
}
