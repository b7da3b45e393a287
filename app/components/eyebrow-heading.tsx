import type { ReactNode } from "react";

const BLOCKS = { page: "page-heading", section: "section-heading", admin: "admin-editor" } as const;

/**
 * A heading with the small English line above it ("OUR ACTORS" over "ARTIST"): pages (h1), home and
 * contact sections (h2), and admin screens (h1 under "ADMIN").
 */
export function EyebrowHeading({
  eyebrow,
  title,
  id,
  look,
  focusable = false,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  id?: string;
  look: keyof typeof BLOCKS;
  /** The heading can take focus from a script (where a page's focus goes after saving). */
  focusable?: boolean;
  /** Shown under the heading (e.g. the administrator's links). */
  children?: ReactNode;
}) {
  const block = BLOCKS[look];
  const Title = look === "section" ? "h2" : "h1";
  return (
    <header className={look === "admin" ? "admin-editor__header" : block}>
      <p className={`${block}__eyebrow`}>{eyebrow}</p>
      <Title id={id} className={`${block}__title`} tabIndex={focusable ? -1 : undefined}>
        {title}
      </Title>
      {children}
    </header>
  );
}
