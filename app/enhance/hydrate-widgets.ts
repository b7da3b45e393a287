import { hydrate, type ComponentChild, type ContainerNode } from "preact";
import { createElement, type ComponentType, type ReactNode } from "react";
import type { WidgetName } from "../widgets/widget-root";

export interface WidgetEntry {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each widget has its own props, read from JSON.
  component: ComponentType<any>;
  /** How many sibling elements the widget renders, from its marked root (the menu: hamburger + overlay). */
  nodes?: number;
  /** The server-rendered content the widget is given as `children`, kept as it is (links, icons, texts). */
  children?: (root: Element, nodes: Element[]) => Node[];
}

/**
 * A node of the server's markup as a Preact element that renders the same node: same tag, same
 * attributes, same inner HTML. Hydrating keeps the DOM as it is; rendering it again (the menu opened
 * after it left the document) rebuilds it from the markup it had.
 */
function serverNode(node: Node): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const props: Record<string, unknown> = { dangerouslySetInnerHTML: { __html: node.innerHTML } };
  for (const attribute of node.attributes) props[attribute.name] = attribute.value;
  return createElement(node.localName, props);
}

/**
 * A stand-in parent for `nodes`, so Preact hydrates those siblings only and leaves the rest of their
 * real parent alone (Preact's `render` takes a whole parent; this is the well-known "root fragment").
 */
function rootFragment(first: Element, nodes: Element[]): ContainerNode {
  const parent = first.parentNode!;
  const after = nodes.at(-1)?.nextSibling ?? null;
  const insert = (child: Node, before: Node | null) => parent.insertBefore(child, before ?? after);
  return {
    nodeType: 1,
    parentNode: parent,
    ownerDocument: document,
    namespaceURI: (parent as Element).namespaceURI,
    firstChild: first,
    childNodes: nodes,
    insertBefore: insert,
    appendChild: (child: Node) => insert(child, null),
    removeChild: (child: Node) => parent.removeChild(child),
    contains: (other: Node | null) => nodes.some((n) => n.contains(other)),
  } as unknown as ContainerNode;
}

/** A widget whose code is fetched only when the page has one (the audition form: its own chunk). */
export type LazyWidgetEntry = () => Promise<WidgetEntry>;

function hydrateWidget(root: HTMLElement, entry: WidgetEntry): void {
  const nodes: Element[] = [root];
  for (let next = root.nextElementSibling; next && nodes.length < (entry.nodes ?? 1); next = next.nextElementSibling) nodes.push(next);
  const props = JSON.parse(root.dataset.props ?? "{}") as Record<string, unknown>;
  if (entry.children) props.children = entry.children(root, nodes).map(serverNode);
  hydrate(createElement(entry.component, props) as unknown as ComponentChild, rootFragment(root, nodes));
}

/** Resolves in a later task, so that what comes after it is a task of its own. */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Hydrates every `[data-widget]` on the page with its component and the props the server wrote. A lazy
 * entry's module is imported only when its widget is on the page; the promise settles when every
 * widget has been hydrated.
 */
export function hydrateWidgets(registry: Record<WidgetName, WidgetEntry | LazyWidgetEntry>): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const root of document.querySelectorAll<HTMLElement>("[data-widget]")) {
    const entry = registry[root.dataset.widget as WidgetName] as WidgetEntry | LazyWidgetEntry | undefined;
    if (!entry) continue;
    // A lazy widget's module is evaluated in one task and the widget hydrated in the next (together
    // they were one long task on a slow phone: the audition form, the carousel).
    if (typeof entry === "function") pending.push(entry().then((loaded) => nextTask().then(() => hydrateWidget(root, loaded))));
    else hydrateWidget(root, entry);
  }
  return Promise.all(pending).then(() => undefined);
}
