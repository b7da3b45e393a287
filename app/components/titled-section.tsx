import type { ReactNode } from "react";

/** A part of a page named by its own heading: the section is labelled by the h2 it opens with. */
export function TitledSection({
  id,
  className,
  titleClassName,
  title,
  children,
}: {
  /** The heading's id (also the section's `aria-labelledby`). */
  id: string;
  className: string;
  titleClassName: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
