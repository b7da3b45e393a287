import type { Route } from "./+types/audition";
import { rootDataFromMatches, useRootData } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { PATHS } from "../domain/paths";
import { AUDITION_PATHS } from "../domain/audition-paths";
import { localeOfPath, localizedPath } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { useLocale } from "../lib/locale";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadAudition } from "./audition.server";
import { TitledSection } from "../components/titled-section";

/** /audition: the application form on offer (site settings): its type and size, and its download name. */
export function loader({ context }: Route.LoaderArgs) {
  return loadAudition(getRequestContext(context));
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const locale = localeOfPath(location.pathname);
  return seoMeta({
    title: "AUDITION",
    description: messagesFor(locale).seo.auditionDescription,
    path: localizedPath(locale, PATHS.audition),
    locale,
    alternates: PATHS.audition,
    origin: root.origin,
  });
}

export default function Audition({ loaderData }: Route.ComponentProps) {
  const { contact } = useRootData();
  const locale = useLocale();
  const t = messagesFor(locale).audition;
  const english = locale === "en";
  return (
    <article className="audition">
      <EyebrowHeading look="page" eyebrow="AUDITION" title={t.title} />

      <TitledSection id="audition-about-title" className="audition__about" titleClassName="audition__subtitle" title="ABOUT">
        {t.about.map((paragraph) => (
          <p key={paragraph.slice(0, 20)}>{paragraph}</p>
        ))}
      </TitledSection>

      <section className="audition__online" aria-labelledby="audition-online-title">
        <div>
          <h2 id="audition-online-title" className="audition__online-title">
            {t.onlineTitle}
          </h2>
          <p>{t.onlineText}</p>
        </div>
        <a className="button audition__apply" href={localizedPath(locale, AUDITION_PATHS.apply)}>
          {t.onlineButton}
        </a>
      </section>

      <TitledSection id="audition-steps-title" className="audition__steps" titleClassName="audition__subtitle" title="PROCESS">
        <ol className="steps">
          {t.steps.map((step, i) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="steps__title">{step.title}</h3>
              <p className="steps__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </TitledSection>

      <TitledSection id="audition-reception-title" className="audition__reception" titleClassName="audition__subtitle" title="RECEPTION">
        <dl className="reception">
          <div>
            <dt>{t.onlineReception}</dt>
            <dd>
              <a href={localizedPath(locale, AUDITION_PATHS.apply)}>
                {t.onlineReceptionLink}
              </a>
              <span className="reception__note">{t.onlineReceptionNote}</span>
            </dd>
          </div>
          <div>
            <dt>{t.emailReception}</dt>
            <dd>
              <a href={`mailto:${contact.auditionEmail}?subject=${encodeURIComponent(t.emailSubject)}`}>{contact.auditionEmail}</a>
              <span className="reception__note">{t.emailSubjectNote}</span>
            </dd>
          </div>
          <div>
            <dt>{t.postReception}</dt>
            <dd>{english ? t.postAddress(contact.addressEn || contact.address, contact.companyNameEn) : t.postAddress(contact.address, contact.companyName)}</dd>
          </div>
        </dl>
        <a className="button button--download" href={PATHS.applicationForm} download={loaderData.applicationForm.fileName}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {t.download(loaderData.applicationForm.summary)}
        </a>
        <p className="reception__privacy">{t.privacy}</p>
      </TitledSection>
    </article>
  );
}
