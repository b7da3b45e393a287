import type { ReactNode } from "react";
import { TitledSection } from "./titled-section";
import type { Locale } from "../domain/locale";
import { PRIVACY_POLICY_SECTIONS, type PrivacyPolicySectionId } from "../domain/privacy-policy";
import { telHref } from "../lib/tel";

/** The parts the Korean privacy policy and its English translation (decision 065) draw the same way. */

const SECTION_NUMBER = new Map(PRIVACY_POLICY_SECTIONS.map((section, i) => [section.id, i + 1]));

/** A section's number, for the text that refers to it ("제7조", "Article 7"). */
export function sectionNumber(id: PrivacyPolicySectionId): number {
  return SECTION_NUMBER.get(id)!;
}

/** One numbered section ("제3조(…)", "Article 3 …"), its heading the target of the table of contents. */
export function PolicySection({ id, locale, children }: { id: PrivacyPolicySectionId; locale: Locale; children: ReactNode }) {
  const section = PRIVACY_POLICY_SECTIONS.find((s) => s.id === id)!;
  const number = sectionNumber(id);
  return (
    <TitledSection
      id={`${id}-title`}
      className="privacy__section"
      titleClassName="privacy__heading"
      title={
        <>
          <span className="privacy__number">{locale === "en" ? `Article ${number}` : `제${number}조`}</span> {locale === "en" ? section.titleEn : section.title}
        </>
      }
    >
      {children}
    </TitledSection>
  );
}

/** A link that opens another site, saying so to screen readers. */
export function ExternalLink({ href, locale, children }: { href: string; locale: Locale; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{locale === "en" ? " (opens in a new window)" : " (새 창)"}</span>
    </a>
  );
}

export interface Remedy {
  name: string;
  phone: string;
  phoneNote: string | null;
  href: string;
  note: string | null;
}

/** The bodies that take a complaint about personal information, with their numbers and sites. */
export function RemedyList({ remedies, locale }: { remedies: readonly Remedy[]; locale: Locale }) {
  return (
    <ul className="privacy__remedies">
      {remedies.map((remedy) => (
        <li key={remedy.name}>
          <strong>{remedy.name}</strong>
          {remedy.note ? <span className="privacy__remedy-note"> ({remedy.note})</span> : null}
          <span>
            {remedy.phoneNote ? `(${remedy.phoneNote}) ` : null}
            <a href={telHref(remedy.phone)}>{remedy.phone}</a>
          </span>
          <span>
            <ExternalLink href={remedy.href} locale={locale}>
              {remedy.href.replace(/^https:\/\//, "")}
            </ExternalLink>
          </span>
        </li>
      ))}
    </ul>
  );
}
