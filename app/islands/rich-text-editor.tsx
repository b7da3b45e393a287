import { useEffect, useRef, useState } from "react";
import "quill/dist/quill.snow.css";
import type QuillType from "quill";
import type { PostFigure } from "../domain/post-figures";
import { makeToolbarAccessible } from "./editor-toolbar";
import { ImageDetailsDialog, type FigureDraft } from "./image-details-dialog";
import { MediaPicker, type MediaPickerHandle, type PickedImage } from "./media-picker";
import { FigureBlot, registerFigure } from "./quill-figure";

/** Quill's HTML without its editing-only markup (list bullets' UI spans); empty editor = "". */
function editorHtml(html: string): string {
  const clean = html.replace(/<span class="ql-ui" contenteditable="false"><\/span>/g, "");
  return clean === "<p><br></p>" ? "" : clean;
}

/** Requirements R8.3: headers 1 and 2, size, bold, italic, underline, strike, blockquote, lists, alignment, image. */
export const EDITOR_TOOLBAR = [
  [{ header: 1 }, { header: 2 }],
  [{ size: ["small", false, "large", "huge"] }],
  ["bold", "italic", "underline", "strike"],
  ["blockquote"],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ align: [] }],
  ["image"],
];

interface RichTextEditorProps {
  name: string;
  /** HTML the editor starts with. */
  value: string;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  /** Changes when `value` was replaced from outside the editor. */
  resetKey?: number;
}

/**
 * Quill 2 in a client-only island. The server (and a browser without JavaScript) gets a plain HTML
 * textarea with the same name in the same form; after hydration Quill replaces it and writes its HTML
 * back into a hidden field. The toolbar's image button opens the media picker (library, search,
 * upload); the image goes in as a figure with the alt text, caption and size asked for then.
 */
export function RichTextEditor({ name, value, onChange, label, invalid, describedBy, resetKey = 0 }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<QuillType | null>(null);
  const pickerRef = useRef<MediaPickerHandle | null>(null);
  // Where the picked image goes: the cursor when the image button was pressed (the dialogs take the focus).
  const insertAtRef = useRef(0);
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  const [ready, setReady] = useState(false);
  // The figure whose details are asked for, and where it goes (a new one at the cursor, or one being edited).
  const [figure, setFigure] = useState<{ draft: FigureDraft; index: number } | null>(null);
  // The figure the cursor is on, and where its "이미지 편집" button goes (relative to the editor's frame).
  const [selected, setSelected] = useState<{ index: number; top: number; right: number } | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const openSelectedRef = useRef<(index: number) => void>(() => {});

  useEffect(() => {
    onChangeRef.current = onChange;
    valueRef.current = value;
  }, [onChange, value]);

  useEffect(() => {
    let live = true;
    void import("quill").then(({ default: Quill }) => {
      const host = hostRef.current;
      if (!live || !host || quillRef.current) return;
      registerFigure(Quill);
      const container = document.createElement("div");
      // The latest value: a restored draft may have arrived while Quill was loading.
      container.innerHTML = valueRef.current;
      host.appendChild(container);
      const openFigure = (blot: FigureBlot) => setFigure({ draft: { ...FigureBlot.value(blot.domNode), editing: true }, index: quill.getIndex(blot) });
      const quill = new Quill(container, {
        theme: "snow",
        modules: {
          // Tab moves focus out of the editor (no keyboard trap, WCAG 2.1.2) instead of typing a tab.
          keyboard: {
            bindings: {
              tab: false,
              indent: false,
              outdent: false,
              "remove tab": false,
              "indent code-block": false,
              "outdent code-block": false,
              // Enter with the cursor on a figure (arrowed to, or selected) opens its details again, as a double-click does.
              "figure details": {
                key: "Enter",
                handler: (range: { index: number; length: number }) => {
                  const [line] = quill.getLine(range.index);
                  if (!(line instanceof FigureBlot) || range.length > 1) return true;
                  openFigure(line);
                  return false;
                },
              },
            },
          },
          toolbar: {
            container: EDITOR_TOOLBAR,
            handlers: {
              image: () => {
                // From the keyboard the toolbar has the focus: the editor's last known cursor.
                insertAtRef.current = (quill.getSelection() ?? quill.selection.savedRange)?.index ?? Math.max(0, quill.getLength() - 1);
                pickerRef.current?.open();
              },
            },
          },
        },
      });
      makeToolbarAccessible(host.querySelector(".ql-toolbar"), `${label} 서식 도구`);
      quill.root.setAttribute("aria-label", label);
      quill.root.setAttribute("role", "textbox");
      quill.root.setAttribute("aria-multiline", "true");
      quill.on("text-change", () => {
        onChangeRef.current(editorHtml(quill.root.innerHTML));
      });
      // A figure in the text opens its details again on double-click (or Enter, above).
      quill.root.addEventListener("dblclick", (event) => {
        const node = (event.target as HTMLElement).closest("figure");
        const blot = node ? Quill.find(node) : null;
        if (blot instanceof FigureBlot) openFigure(blot);
      });
      // A tap or click on a figure puts the cursor on it, which shows its "이미지 편집" button (phones have no double-click).
      quill.root.addEventListener("click", (event) => {
        const node = (event.target as HTMLElement).closest("figure");
        const blot = node ? Quill.find(node) : null;
        if (blot instanceof FigureBlot) quill.setSelection(quill.getIndex(blot), 0, "user");
      });
      const showFigureButton = () => {
        const range = quill.getSelection();
        const [line] = range && range.length <= 1 ? quill.getLine(range.index) : [null];
        const frame = frameRef.current;
        if (!(line instanceof FigureBlot) || !frame) return setSelected(null);
        const box = line.domNode.getBoundingClientRect();
        const outer = frame.getBoundingClientRect();
        setSelected({ index: quill.getIndex(line), top: box.top - outer.top + 8, right: outer.right - box.right + 8 });
      };
      quill.on("editor-change", showFigureButton);
      openSelectedRef.current = (index) => {
        const [line] = quill.getLine(index);
        if (line instanceof FigureBlot) openFigure(line);
      };
      quillRef.current = quill;
      setReady(true);
    });
    return () => {
      live = false;
    };
    // The editor is created once; later value changes come from the editor itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (a restored or discarded draft, announced by a new resetKey) replaces the
  // editor's content. The editor's own changes are never pasted back: state may lag behind typing.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || resetKey === 0) return;
    replaceContent(quill, valueRef.current);
  }, [resetKey]);

  // Text typed into the plain textarea while Quill was starting is carried over, not lost.
  useEffect(() => {
    const quill = quillRef.current;
    if (ready && quill && valueRef.current !== editorHtml(quill.root.innerHTML)) {
      replaceContent(quill, valueRef.current);
    }
  }, [ready]);

  useEffect(() => {
    quillRef.current?.root.setAttribute("aria-invalid", invalid ? "true" : "false");
  }, [invalid, ready]);

  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    else root.removeAttribute("aria-describedby");
  }, [describedBy, ready]);

  // A picked (or just uploaded) image: its details are asked for before it goes where the cursor was.
  const askDetails = (image: PickedImage) => {
    if (!quillRef.current) return;
    const index = insertAtRef.current;
    setFigure({ draft: { src: image.url, alt: image.alt, caption: "", size: "full", width: image.width || undefined, height: image.height || undefined, editing: false }, index });
  };

  const placeFigure = (details: PostFigure | null) => {
    const quill = quillRef.current;
    const current = figure;
    setFigure(null);
    if (!quill || !current) return;
    let after = current.index;
    if (details) {
      if (current.draft.editing) quill.deleteText(current.index, 1, "user");
      quill.insertEmbed(current.index, "figure", details, "user");
      // A figure put in the middle of a line goes after that line: find where it landed.
      const placed = quill.scroll.descendants(FigureBlot).map((blot) => quill.getIndex(blot)).find((i) => i >= current.index);
      after = (placed ?? current.index) + 1;
    }
    // Back to the text, after the figure: the keyboard user goes on writing where they were.
    quill.focus();
    quill.setSelection(after, 0, "user");
  };

  return (
    <div ref={frameRef} className={`rich-text${ready ? " is-ready" : ""}${invalid ? " is-invalid" : ""}`}>
      {ready ? (
        <input type="hidden" name={name} value={value} />
      ) : (
        <textarea
          name={name}
          className="rich-text__fallback"
          rows={14}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-label={`${label} (HTML)`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
      <div ref={hostRef} className="rich-text__host" />
      {ready && selected ? (
        // Right after the text in the page's order: Tab from the text reaches it.
        <button
          type="button"
          className="button button--small rich-text__figure-edit"
          style={{ top: selected.top, right: selected.right }}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => openSelectedRef.current(selected.index)}
        >
          이미지 편집
        </button>
      ) : null}
      {ready ? (
        <>
          <MediaPicker handle={pickerRef} onPick={askDetails} context={label} hideButton />
          <ImageDetailsDialog draft={figure?.draft ?? null} onDone={placeFigure} />
        </>
      ) : null}
    </div>
  );
}

/**
 * Replaces the editor's content with stored HTML without moving focus: Quill's `dangerouslyPasteHTML`
 * also selects the start of the text, which focuses the editor and takes focus from where the page
 * put it (the heading after a save, decision 044).
 */
function replaceContent(quill: QuillType, html: string): void {
  quill.setContents(quill.clipboard.convert({ html }), "silent");
}
