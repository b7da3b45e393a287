/**
 * Kakao Maps JavaScript SDK: loaded once, on demand, and drawing the contact block's map (marker and
 * info window with the company name). Framework-free: the React island (admin settings, hydrated pages)
 * and the public pages' enhancement script (through app/islands/kakao-map.tsx) both use it.
 */

export interface KakaoMapsApi {
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

export function loadKakaoMapsSdk(appKey: string): Promise<KakaoMapsApi> {
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

/** Draws the map with its marker and info window into `container`. */
export function drawKakaoMap(maps: KakaoMapsApi, container: HTMLElement, place: { lat: number; lng: number; label: string }): void {
  const position = new maps.LatLng(place.lat, place.lng);
  const map = new maps.Map(container, { center: position, level: 3 });
  const marker = new maps.Marker({ position, map });
  const content = document.createElement("div");
  content.className = "kakao-map__info";
  content.textContent = place.label;
  new maps.InfoWindow({ content }).open(map, marker);
}
