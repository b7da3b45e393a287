import type QuillType from "quill";
import { BlockEmbed } from "quill/blots/block";
import { POST_FIGURE_CLASS, postFigureSizeClass, postFigureSizeOf, type PostFigure } from "../domain/post-figures";

/**
 * The editor's image figure (decision 043): a block holding the image with its alt text, an optional
 * caption and a size class, written exactly as the sanitizer keeps it. It is one unit in the editor
 * (not editable inside); double-clicking it opens its details again.
 */
export class FigureBlot extends BlockEmbed {
  static override blotName = "figure";
  static override tagName = "FIGURE";
  static override className = POST_FIGURE_CLASS;

  static override create(value: PostFigure): HTMLElement {
    const node = super.create(value) as HTMLElement;
    node.setAttribute("contenteditable", "false");
    node.classList.add(postFigureSizeClass(value.size));
    const img = document.createElement("img");
    img.setAttribute("src", value.src);
    img.setAttribute("alt", value.alt);
    if (value.width && value.height) {
      img.setAttribute("width", String(value.width));
      img.setAttribute("height", String(value.height));
    }
    node.appendChild(img);
    if (value.caption) {
      const caption = document.createElement("figcaption");
      caption.textContent = value.caption;
      node.appendChild(caption);
    }
    return node;
  }

  static override value(node: HTMLElement): PostFigure {
    const img = node.querySelector("img");
    const width = Number(img?.getAttribute("width")) || undefined;
    const height = Number(img?.getAttribute("height")) || undefined;
    return {
      src: img?.getAttribute("src") ?? "",
      alt: img?.getAttribute("alt") ?? "",
      caption: node.querySelector("figcaption")?.textContent?.trim() ?? "",
      size: postFigureSizeOf(node.getAttribute("class")),
      ...(width && height ? { width, height } : {}),
    };
  }
}

/** Registers the figure once per page (several editors share Quill's registry). */
export function registerFigure(Quill: typeof QuillType): void {
  if (!Quill.imports["formats/figure"]) Quill.register("formats/figure", FigureBlot);
}
