import { drawKakaoMap, loadKakaoMapsSdk } from "../lib/kakao-maps-sdk";

/**
 * The contact block's Kakao map on public pages (app/islands/kakao-map.tsx without React): only with a
 * key, fetched when the map comes near the viewport; the keyless card stays until the map is drawn, and
 * for good when the SDK cannot load.
 */
export function enhanceKakaoMaps(): void {
  for (const root of document.querySelectorAll<HTMLElement>(".kakao-map[data-app-key]")) {
    const appKey = root.dataset.appKey;
    const container = root.querySelector<HTMLElement>(".kakao-map__canvas");
    if (!appKey || !container) continue;
    const place = { lat: Number(root.dataset.lat), lng: Number(root.dataset.lng), label: root.dataset.label ?? "" };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        loadKakaoMapsSdk(appKey)
          .then((maps) => {
            drawKakaoMap(maps, container, place);
            for (const child of [...root.children]) if (child !== container) child.remove();
            container.classList.add("is-drawn");
          })
          .catch(() => {
            // No network or a blocked key: the fallback already shows the location.
          });
      },
      { rootMargin: "300px" },
    );
    observer.observe(root);
  }
}
