/**
 * The widgets that visitors' pages bring to life without React (decision 038): each is one React
 * component, rendered on the server for everyone, hydrated by the admin's React app and, on visitors'
 * pages, by the enhancement script on Preact (app/enhance/hydrate-widgets.ts); the audition form's and the
 * carousel's code is fetched only where they are (chunks of their own; the carousel's on preact/compat).
 */
export const WIDGET_NAMES = ["scroll-top", "flash-notice", "mobile-menu", "kakao-map", "audition-form", "carousel", "photo-lightbox", "reel-player"] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/**
 * The attributes that mark a widget's first server-rendered element: its name, and the props the
 * enhancement script hydrates it with (JSON; the server-rendered content is read from the markup).
 */
export function widgetRoot(name: WidgetName, props: Record<string, unknown>): { "data-widget": WidgetName; "data-props": string } {
  return { "data-widget": name, "data-props": JSON.stringify(props) };
}
