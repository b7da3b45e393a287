/**
 * React Router's <Scripts> preloads every module of the page at high priority, ahead of the images and
 * fonts the visitor sees first. The pages are complete without JavaScript (it only hydrates them), so
 * the preloads are marked `fetchpriority="low"`.
 */
export function withLowPriorityModulePreloads(html: string): string {
  return html.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=');
}
