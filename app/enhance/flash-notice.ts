/** The flash notice's close button (app/components/flash-notice.tsx): the message goes, the live region stays. */
export function enhanceFlashNotice(): void {
  document.querySelector(".flash")?.addEventListener("click", (event) => {
    const close = (event.target as Element).closest(".flash__close");
    if (close) close.closest(".flash__message")?.remove();
  });
}
