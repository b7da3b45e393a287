import type { ReactNode } from "react";
import { ReelPlayer, type ReelPlayerItem } from "../islands/reel-player";
import { MAX_ANSWER_MESSAGE, RECIPIENT_COPY, type PackageMark } from "../domain/casting-packages";
import { Field } from "../widgets/field";
import type { Locale } from "../domain/locale";
import type { ResponsiveImage } from "../lib/responsive-image";

/**
 * The recipient's pages of a casting package (decision 047), rendered on the server with plain forms:
 * a visitor's page ships no React (decision 027), so everything here works without JavaScript.
 */

export type RecipientPageData =
  | { kind: "unknown" }
  | { kind: "gone"; locale: Locale; contact: { company: string; phone: string; email: string } }
  | {
      kind: "open";
      locale: Locale;
      preview: boolean;
      answered: boolean;
      answerRefused: boolean;
      packagePath: string;
      packagePdfPath: string;
      title: string;
      recipient: string;
      lastDay: string;
      message: string;
      artists: RecipientCard[];
      artist: (RecipientCard & { pdfHref: string; filmography: { label: string; entries: string[] }[]; reels: ReelPlayerItem[]; messages: string[] }) | null;
    };

/** A message refused as too long (the action's answer): the text as typed, and why. */
export interface RefusedAnswer {
  kind: "refused";
  message: string;
  error: string;
}

export interface RecipientCard {
  id: number;
  href: string;
  name: string;
  otherName: string;
  age: number | null;
  height: string;
  photos: ResponsiveImage[];
  highlighted: { label: string; entries: string[] }[];
  note: string;
  markLabel: string | null;
  /** The recipient's current mark, shown as the pressed one of the two buttons. */
  mark: PackageMark | null;
}

export function recipientMeta(page: RecipientPageData | undefined) {
  const robots = { name: "robots", content: "noindex, nofollow, noarchive" };
  if (!page || page.kind === "unknown") return [{ title: "WE ENTERTAINMENT" }, robots];
  if (page.kind === "gone") return [{ title: `${RECIPIENT_COPY[page.locale].goneTitle} | WE ENTERTAINMENT` }, robots];
  const title = page.artist ? `${page.artist.name} | ${page.title}` : page.title;
  return [{ title: `${title} | WE ENTERTAINMENT` }, robots, { name: "referrer", content: "same-origin" }];
}

function Photo({ image, alt, className, eager = false }: { image: ResponsiveImage; alt: string; className?: string; eager?: boolean }) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes="(min-width: 900px) 300px, 90vw"
      width={image.width}
      height={image.height}
      alt={image.alt || alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

function Facts({ card, locale }: { card: RecipientCard; locale: Locale }) {
  const copy = RECIPIENT_COPY[locale];
  const facts = [card.age !== null ? copy.age(card.age) : null, card.height ? copy.height(card.height) : null].filter(Boolean);
  return facts.length > 0 ? <p className="casting-card__facts">{facts.join(" · ")}</p> : null;
}

function Highlighted({ card, locale }: { card: RecipientCard; locale: Locale }) {
  if (card.highlighted.length === 0) return null;
  return (
    <dl className="casting-card__credits" aria-label={RECIPIENT_COPY[locale].highlighted}>
      {card.highlighted.map((group) => (
        <div key={group.label}>
          <dt>{group.label}</dt>
          <dd>{group.entries.join(", ")}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 관심 있음 / 보류 (and on the profile a message): posted to the artist's page, back where it came from.
 * A message refused as too long is back in the box, with the limit under it.
 */
function AnswerForm({ card, locale, withMessage, back, refused }: { card: RecipientCard; locale: Locale; withMessage: boolean; back: "package" | "artist"; refused?: RefusedAnswer }) {
  const copy = RECIPIENT_COPY[locale];
  return (
    <form method="post" action={card.href} className="casting-answer">
      <input type="hidden" name="back" value={back} />
      {/* Two toggle buttons (aria-pressed): the chosen one is filled and ticked, and says it is pressed. */}
      <div className="casting-answer__marks" role="group" aria-label={`${card.name}: ${copy.marksLabel}`} aria-describedby={`marks-hint-${card.id}`}>
        {(["interested", "hold"] as const).map((mark) => {
          const pressed = card.mark === mark;
          return (
            <button key={mark} type="submit" name="mark" value={mark} aria-pressed={pressed} className={`button button--small casting-answer__mark${pressed ? " is-pressed" : ""}`}>
              {pressed ? (
                <span className="casting-answer__tick" aria-hidden="true">
                  ✓{" "}
                </span>
              ) : null}
              {mark === "interested" ? copy.markInterested : copy.markHold}
            </button>
          );
        })}
      </div>
      <p className="casting-answer__hint" id={`marks-hint-${card.id}`}>
        {copy.marksHint}
      </p>
      {withMessage ? (
        <div className="casting-answer__message">
          <Field name="message" id="casting-message" label={copy.messageLabel} hint={copy.messageHint} error={refused?.error}>
            {(control) => <textarea {...control} rows={4} maxLength={MAX_ANSWER_MESSAGE} defaultValue={refused?.message} />}
          </Field>
          <button type="submit" className="button button--small">
            {copy.send}
          </button>
        </div>
      ) : null}
    </form>
  );
}

export function RecipientPage({ page, refused }: { page: RecipientPageData; refused?: RefusedAnswer }) {
  if (page.kind === "unknown") {
    return (
      <section className="casting casting--plain" aria-labelledby="casting-title">
        <h1 id="casting-title">페이지를 찾을 수 없습니다</h1>
        <p lang="en">Page not found.</p>
      </section>
    );
  }
  if (page.kind === "gone") {
    const copy = RECIPIENT_COPY[page.locale];
    return (
      <section className="casting casting--plain" lang={page.locale} aria-labelledby="casting-title">
        <h1 id="casting-title">{copy.goneTitle}</h1>
        <p>{copy.goneBody}</p>
        <dl className="casting-contact">
          <div>
            <dt>{page.contact.company}</dt>
            <dd />
          </div>
          <div>
            <dt>{copy.contactPhone}</dt>
            <dd>
              <a href={`tel:${page.contact.phone.replace(/[^\d+]/g, "")}`}>{page.contact.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{copy.contactEmail}</dt>
            <dd>
              <a href={`mailto:${page.contact.email}`}>{page.contact.email}</a>
            </dd>
          </div>
        </dl>
      </section>
    );
  }
  const copy = RECIPIENT_COPY[page.locale];
  const notices = (
    <>
      {page.preview ? <p className="casting-notice casting-notice--preview">{copy.previewNotice}</p> : null}
      {page.answered ? (
        <p className="casting-notice" role="status">
          {copy.saved}
        </p>
      ) : null}
      {page.answerRefused ? (
        <p className="casting-notice casting-notice--error" role="alert">
          {copy.answerError}
        </p>
      ) : null}
      {refused ? (
        <p className="casting-notice casting-notice--error" role="alert">
          <a href="#casting-message">{refused.error}</a>
        </p>
      ) : null}
    </>
  );
  if (page.artist) {
    const artist = page.artist;
    return (
      <article className="casting casting--artist" lang={page.locale} aria-labelledby="casting-title">
        <p className="casting__back">
          <a href={page.packagePath}>← {copy.back}</a>
        </p>
        {notices}
        <header className="casting-profile__head">
          <p className="casting__eyebrow">{page.title}</p>
          <h1 id="casting-title">
            {artist.name} {artist.otherName ? <span className="casting__other-name">{artist.otherName}</span> : null}
          </h1>
          <Facts card={artist} locale={page.locale} />
          <p className="casting__downloads">
            <a href={artist.pdfHref} download className="button button--small button--ghost">
              {copy.profilePdf}
            </a>
          </p>
        </header>
        {artist.note ? (
          <section className="casting-note" aria-label={copy.note}>
            <h2>{copy.note}</h2>
            <p>{artist.note}</p>
          </section>
        ) : null}
        <Highlighted card={artist} locale={page.locale} />
        {artist.photos.length > 0 ? (
          <TitledSection id="casting-photos" title={copy.photos} titleClassName="visually-hidden">
            <ul className="casting-photos">
              {artist.photos.map((photo, index) => (
                <li key={index}>
                  <Photo image={photo} alt={`${artist.name} ${index + 1}`} eager={index === 0} />
                </li>
              ))}
            </ul>
          </TitledSection>
        ) : null}
        {artist.reels.length > 0 ? (
          <TitledSection id="casting-reels" className="casting-reels" title={copy.reels}>
            <ReelPlayer reels={artist.reels} locale={page.locale} />
          </TitledSection>
        ) : null}
        {artist.filmography.length > 0 ? (
          <TitledSection id="casting-film" className="casting-filmography" title={copy.filmography}>
            {artist.filmography.map((group) => (
              <div key={group.label} className="casting-filmography__group">
                <h3>{group.label}</h3>
                <ul>
                  {group.entries.map((entry, index) => (
                    <li key={index}>{entry}</li>
                  ))}
                </ul>
              </div>
            ))}
          </TitledSection>
        ) : null}
        <TitledSection id="casting-answer" sectionId="answer" className="casting-answer-section" title={copy.yourAnswer}>
          {artist.messages.length > 0 ? (
            <ul className="casting-answer__sent">
              {artist.messages.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          ) : null}
          {page.preview ? null : <AnswerForm card={artist} locale={page.locale} withMessage back="artist" refused={refused} />}
        </TitledSection>
      </article>
    );
  }
  return (
    <article className="casting" lang={page.locale} aria-labelledby="casting-title">
      {notices}
      <header className="casting__head">
        <p className="casting__eyebrow">{copy.from}</p>
        <h1 id="casting-title">{page.title}</h1>
        <p className="casting__to">{page.recipient}</p>
      </header>
      {page.message ? <p className="casting__message">{page.message}</p> : null}
      <p className="casting__downloads">
        <a href={page.packagePdfPath} download className="button button--small button--ghost" aria-describedby="casting-pdf-hint">
          {copy.packagePdf}
        </a>{" "}
        <span id="casting-pdf-hint" className="casting__hint">
          {copy.packagePdfHint}
        </span>
      </p>
      <TitledSection id="casting-artists" title={copy.artistsHeading} titleClassName="casting__subtitle">
        <ol className="casting-cards">
          {page.artists.map((card, index) => (
            <li key={card.id} id={`artist-${card.id}`} className="casting-card">
              <a href={card.href} className="casting-card__link">
                {card.photos[0] ? <Photo image={card.photos[0]} alt={card.name} className="casting-card__photo" eager={index < 2} /> : <span className="casting-card__photo casting-card__photo--none" />}
                <span className="casting-card__name">{card.name}</span>
                {card.otherName ? <span className="casting-card__other-name">{card.otherName}</span> : null}
              </a>
              <Facts card={card} locale={page.locale} />
              <Highlighted card={card} locale={page.locale} />
              {card.note ? <p className="casting-card__note">{card.note}</p> : null}
              <p className="casting-card__open">
                <a href={card.href}>{copy.open}</a>
              </p>
              {page.preview ? null : <AnswerForm card={card} locale={page.locale} withMessage={false} back="package" />}
            </li>
          ))}
        </ol>
      </TitledSection>
      <p className="casting__valid">{copy.validUntil(page.lastDay)}</p>
    </article>
  );
}

/** A section named by its heading (`{id}-title`); `sectionId` gives the section itself an id to link to. */
function TitledSection({
  id,
  sectionId,
  className,
  title,
  titleClassName,
  children,
}: {
  id: string;
  sectionId?: string;
  className?: string;
  title: ReactNode;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section id={sectionId} className={className} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
