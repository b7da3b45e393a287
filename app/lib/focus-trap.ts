/** What the overlay menu lets Tab move between. */
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal's focus trap): from its last focusable element
 * Tab goes to the first, and Shift+Tab from the first to the last. Other keys are left alone. Used by the
 * overlay menu (app/components/mobile-menu.tsx).
 */
export function keepTabInside(event: Pick<KeyboardEvent, "key" | "shiftKey" | "preventDefault">, container: ParentNode | null): void {
  if (event.key !== "Tab" || !container) return;
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
