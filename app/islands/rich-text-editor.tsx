import { useEffect, useRef, useState } from "react";
import "quill/dist/quill.snow.css";
import type QuillType from "quill";
import { uploadImage } from "../lib/upload-image";
import { MediaPicker, type PickedImage } from "./media-picker";

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

/** Korean accessible names for Quill's toolbar (its buttons and pickers have none of their own). */
function labelToolbar(toolbar: Element | null | undefined): void {
  if (!toolbar) return;
  toolbar.setAttribute("role", "toolbar");
  toolbar.setAttribute("aria-label", "서식 도구");
  for (const [selector, label] of TOOLBAR_LABELS) {
    toolbar.querySelectorAll(selector).forEach((el) => {
      el.setAttribute("aria-label", label);
      el.setAttribute("title", label);
    });
  }
}

/** Quill's HTML without its editing-only markup (list bullets' UI spans); empty editor = "". */
function editorHtml(html: string): string {
  const clean = html.replace(/<span class="ql-ui" contenteditable="false"><\/span>/g, "");
  return clean === "<p><br></p>" ? "" : clean;
}

/** Spec §9: headers 1 and 2, size, bold, italic, underline, strike, blockquote, lists, alignment, image. */
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
 * back into a hidden field. Images are uploaded to the media pipeline and inserted by URL.
 */
export function RichTextEditor({ name, value, onChange, label, invalid, describedBy, resetKey = 0 }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<QuillType | null>(null);
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  const [ready, setReady] = useState(false);
  const [upload, setUpload] = useState<{ state: "idle" | "uploading" | "error"; message?: string }>({ state: "idle" });

  useEffect(() => {
    onChangeRef.current = onChange;
    valueRef.current = value;
  }, [onChange, value]);

  useEffect(() => {
    let live = true;
    void import("quill").then(({ default: Quill }) => {
      const host = hostRef.current;
      if (!live || !host || quillRef.current) return;
      const container = document.createElement("div");
      // The latest value: a restored draft may have arrived while Quill was loading.
      container.innerHTML = valueRef.current;
      host.appendChild(container);
      const quill = new Quill(container, {
        theme: "snow",
        modules: {
          // Tab moves focus out of the editor (no keyboard trap, WCAG 2.1.2) instead of typing a tab.
          keyboard: {
            bindings: { tab: false, indent: false, outdent: false, "remove tab": false, "indent code-block": false, "outdent code-block": false },
          },
          toolbar: {
            container: EDITOR_TOOLBAR,
            handlers: {
              image: () => {
                const input = document.createElement("input");
                input.type = "file";
                input.accept = "image/*";
                input.onchange = async () => {
                  const file = input.files?.[0];
                  if (!file) return;
                  setUpload({ state: "uploading" });
                  try {
                    const { url } = await uploadImage(file);
                    const range = quill.getSelection(true);
                    quill.insertEmbed(range.index, "image", url, "user");
                    quill.setSelection(range.index + 1, 0, "user");
                    setUpload({ state: "idle" });
                  } catch (error) {
                    setUpload({ state: "error", message: (error as Error).message });
                  }
                };
                input.click();
              },
            },
          },
        },
      });
      labelToolbar(host.querySelector(".ql-toolbar"));
      quill.root.setAttribute("aria-label", label);
      quill.root.setAttribute("role", "textbox");
      quill.root.setAttribute("aria-multiline", "true");
      if (describedBy) quill.root.setAttribute("aria-describedby", describedBy);
      quill.on("text-change", () => {
        onChangeRef.current(editorHtml(quill.root.innerHTML));
      });
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

  // A library image goes where the cursor was, with its size and alt text like an uploaded one.
  const insertFromLibrary = (image: PickedImage) => {
    const quill = quillRef.current;
    if (!quill) return;
    const range = quill.getSelection(true);
    quill.insertEmbed(range.index, "image", image.url, "user");
    quill.formatText(range.index, 1, { width: String(image.width), height: String(image.height), ...(image.alt ? { alt: image.alt } : {}) }, "user");
    quill.setSelection(range.index + 1, 0, "user");
  };

  return (
    <div className={`rich-text${ready ? " is-ready" : ""}${invalid ? " is-invalid" : ""}`}>
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
      {ready ? (
        <div className="rich-text__library">
          <MediaPicker onPick={insertFromLibrary} />
        </div>
      ) : null}
      <p className={upload.state === "error" ? "rich-text__upload is-error" : "rich-text__upload"} role="status" aria-live="polite">
        {upload.state === "uploading" ? "사진을 올리는 중입니다..." : upload.state === "error" ? upload.message : ""}
      </p>
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
