/**
 * react-slick imports `resize-observer-polyfill`; every browser we support has ResizeObserver, so the
 * polyfill (about 2.5 KB gzip) is replaced by the native one at build time (vite.config.ts alias).
 */
const NativeResizeObserver = globalThis.ResizeObserver;
export default NativeResizeObserver;
