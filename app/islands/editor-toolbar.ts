/** Quill's toolbar made accessible: Korean names, and one Tab stop with arrow keys inside (WAI-ARIA toolbar). */

const TOOLBAR_LABELS: [string, string][] = [
  ["button.ql-header[value='1']", "제목 1"],
  ["button.ql-header[value='2']", "제목 2"],
  [".ql-size .ql-picker-label", "글자 크기"],
  [".ql-size .ql-picker-item[data-value='small']", "작게"],
  [".ql-size .ql-picker-item:not([data-value])", "보통"],
  [".ql-size .ql-picker-item[data-value='large']", "크게"],
  [".ql-size .ql-picker-item[data-value='huge']", "아주 크게"],
  ["button.ql-bold", "굵게"],
  ["button.ql-italic", "기울임"],
  ["button.ql-underline", "밑줄"],
  ["button.ql-strike", "취소선"],
  ["button.ql-blockquote", "인용"],
  ["button.ql-list[value='ordered']", "번호 목록"],
  ["button.ql-list[value='bullet']", "글머리 기호 목록"],
  [".ql-align .ql-picker-label", "정렬"],
  [".ql-align .ql-picker-item:not([data-value])", "왼쪽 정렬"],
  [".ql-align .ql-picker-item[data-value='center']", "가운데 정렬"],
  [".ql-align .ql-picker-item[data-value='right']", "오른쪽 정렬"],
  [".ql-align .ql-picker-item[data-value='justify']", "양쪽 정렬"],
  ["button.ql-image", "이미지 넣기"],
];

/** The toolbar's own controls (its buttons and the pickers' labels), not the pickers' options. */
function toolbarItems(toolbar: Element): HTMLElement[] {
  return [...toolbar.querySelectorAll<HTMLElement>(":scope > .ql-formats > button, :scope > .ql-formats > .ql-picker > .ql-picker-label")];
}

/**
 * Korean accessible names for Quill's toolbar (its buttons and pickers have none of their own), and
 * a roving tabindex: Tab reaches the toolbar once (the last used control), ←/→ move along it, Home
 * and End go to its ends; a picker's options stay reachable from its open label as Quill makes them.
 */
export function makeToolbarAccessible(toolbar: Element | null | undefined, label: string): void {
  if (!toolbar) return;
  toolbar.setAttribute("role", "toolbar");
  toolbar.setAttribute("aria-label", label);
  for (const [selector, name] of TOOLBAR_LABELS) {
    toolbar.querySelectorAll(selector).forEach((el) => {
      el.setAttribute("aria-label", name);
      el.setAttribute("title", name);
    });
  }
  const items = toolbarItems(toolbar);
  const focusItem = (next: HTMLElement) => {
    for (const item of items) item.setAttribute("tabindex", item === next ? "0" : "-1");
    next.focus();
  };
  items.forEach((item, i) => item.setAttribute("tabindex", i === 0 ? "0" : "-1"));
  toolbar.addEventListener("focusin", (event) => {
    const target = event.target as HTMLElement;
    if (items.includes(target)) for (const item of items) item.setAttribute("tabindex", item === target ? "0" : "-1");
  });
  toolbar.addEventListener("keydown", (event) => {
    const e = event as KeyboardEvent;
    const index = items.indexOf(e.target as HTMLElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    // A picker left open by the arrows would cover the text: close it first.
    if ((e.target as HTMLElement).closest(".ql-picker.ql-expanded")) e.target!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    focusItem(items[(next + items.length) % items.length]!);
  });
}
