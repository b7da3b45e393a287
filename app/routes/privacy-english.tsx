import { EyebrowHeading } from "../components/eyebrow-heading";
import { PolicySection, RemedyList, sectionNumber } from "../components/privacy-policy-parts";
import { AUDITION_PATHS } from "../domain/audition-paths";
import { PACKAGE_RETENTION_DAYS } from "../domain/casting-packages";
import { localizedPath } from "../domain/locale";
import { formatEnglishDate, PRIVACY_POLICY_SECTIONS } from "../domain/privacy-policy";
import { telHref } from "../lib/tel";
import type { PrivacyPolicyFacts } from "./privacy.server";

/**
 * The English translation of the privacy policy (/en/privacy, decision 065): the same sections in the
 * same order, built from the same settings and constants as the Korean text (privacy.tsx), so the
 * retention period, the officer and the processors can never differ between the two. The Korean text
 * governs, and the page says so first.
 */

export const GOVERNING_LANGUAGE_NOTE = "This English translation is provided for convenience; the Korean version governs.";

const REMEDIES = [
  { name: "Personal Information Infringement Report Center", phone: "118", phoneNote: "no area code", href: "https://privacy.kisa.or.kr", note: "run by the Korea Internet & Security Agency" },
  { name: "Personal Information Dispute Mediation Committee", phone: "1833-6972", phoneNote: null, href: "https://www.kopico.go.kr", note: null },
  { name: "Supreme Prosecutors' Office", phone: "1301", phoneNote: "no area code", href: "https://www.spo.go.kr", note: null },
  { name: "Korean National Police Agency", phone: "182", phoneNote: "no area code", href: "https://ecrm.police.go.kr", note: "Cyber Investigation Bureau" },
] as const;


/** "a, b and c". */
const andList = (items: readonly string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

export function PrivacyPolicyEnglish({ policy, kakaoMap }: { policy: PrivacyPolicyFacts; kakaoMap: boolean }) {
  const { consent, officer } = policy;
  const officerMail = `mailto:${officer.email}?subject=${encodeURIComponent("[Privacy request: access, correction or deletion]")}`;
  const roles = andList(policy.applicantRoles);
  return (
    <article className="privacy">
      <EyebrowHeading look="page" eyebrow="PRIVACY POLICY" title="Privacy policy" />

      <div className="privacy__intro">
        <p className="privacy__governing">
          <strong>{GOVERNING_LANGUAGE_NOTE}</strong>{" "}
          <a href={AUDITION_PATHS.privacy} hrefLang="ko" lang="ko">
            개인정보처리방침 (한국어)
          </a>
        </p>
        <p>
          {policy.companyName} (“the company”) publishes this privacy policy under Article 30 of the Personal Information Protection Act of Korea, to protect the
          personal information of the people it concerns and to deal with their concerns promptly and smoothly.
        </p>
        <p className="privacy__effective">Effective from: {formatEnglishDate(policy.effectiveDate)}</p>
      </div>

      <nav className="privacy__toc" aria-labelledby="privacy-toc-title">
        <h2 id="privacy-toc-title" className="privacy__toc-title">
          Contents
        </h2>
        <ol>
          {PRIVACY_POLICY_SECTIONS.map((section, i) => (
            <li key={section.id}>
              <a href={`#${section.id}-title`}>
                Article {i + 1} {section.titleEn}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <PolicySection locale="en" id="purpose">
        <p>
          The company processes personal information only for the purposes below. If a purpose changes, it will take the steps Article 18 of the Act requires, such as
          asking for separate consent.
        </p>
        <ol className="privacy__list">
          <li>
            <strong>Audition applications and their review</strong>: {consent.purpose}
          </li>
          <li>
            <strong>Enquiries</strong>: reading and answering enquiries received by e-mail or phone
          </li>
          <li>
            <strong>Casting proposals</strong>: sending casting contacts at production companies and broadcasters a link to a selection of actor profiles (a casting
            package), and seeing whether it was opened and how they responded (a show of interest or a message)
          </li>
          <li>
            <strong>Website security</strong>: preventing automated or fraudulent applications and protecting staff accounts
          </li>
        </ol>
      </PolicySection>

      <PolicySection locale="en" id="items">
        <p>The company processes the personal information below. It does not collect resident registration numbers or other unique identifiers, or sensitive information.</p>
        <div className="privacy__table-wrap">
          <table className="privacy__table">
            <caption className="visually-hidden">What personal information we process</caption>
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">Items</th>
                <th scope="col">How it is collected</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Online audition applicants</th>
                <td>
                  <span className="privacy__item-kind">Required</span> {consent.requiredItems.join(", ")}
                  <br />
                  <span className="privacy__item-kind">Optional</span> {consent.optionalItems.join(", ")}
                </td>
                <td>
                  The <a href={localizedPath("en", AUDITION_PATHS.apply)}>online application form</a> (after consent)
                </td>
              </tr>
              <tr>
                <th scope="row">Parents or legal guardians of applicants under {policy.guardianAge}</th>
                <td>
                  <span className="privacy__item-kind">Required</span> {consent.guardianItems.join(", ")}, whether they consent
                </td>
                <td>The online application form</td>
              </tr>
              <tr>
                <th scope="row">Applications and enquiries by e-mail or post</th>
                <td>The sender's e-mail address (or postal address), name, what they wrote and the photos and videos they attached</td>
                <td>E-mail, post, phone</td>
              </tr>
              <tr>
                <th scope="row">Recipients of casting proposals</th>
                <td>
                  Company, name (and title), e-mail address (optional). When the proposal page is used: when the link was first and last opened and how many visits there
                  were, which actor profiles were viewed, how many times the PDF was downloaded and when last, and any show of interest (interested, maybe) and message left
                </td>
                <td>Entered by staff from business contacts (business cards, e-mail, phone); created automatically while the proposal page is used</td>
              </tr>
              <tr>
                <th scope="row">Created automatically</th>
                <td>
                  When an application was received and consent given; the IP address of the device an application was sent from (turned into a value from which the
                  address cannot be recovered, and used only to limit how many applications can be sent); request records for finding faults (the address of the page
                  requested, the result and the time taken)
                </td>
                <td>Created automatically while the website is used</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>The website's request records do not contain visitors' IP addresses. There is no membership, and simply browsing the website gives us no personal information.</p>
      </PolicySection>

      <PolicySection locale="en" id="retention">
        <p>The company processes and keeps personal information within the period set by law or the period the person concerned agreed to.</p>
        <ul className="privacy__list">
          <li>
            <strong>Online audition applications</strong> (including guardians' information): <span className="privacy__retention">{policy.retention}</span> If an
            applicant asks us to delete their application before then, we destroy it at once.
          </li>
          <li>
            <strong>Applications and enquiries by e-mail or post</strong>: destroyed without delay once their purpose has been served; audition applications are never
            kept longer than online applications ({policy.retentionDays} days).
          </li>
          <li>
            <strong>Casting proposals (packages), their recipients' information, visit records and responses</strong>: kept for {PACKAGE_RETENTION_DAYS} days from the day
            the link closed (when its time ran out or the company closed it). If a recipient asks us to delete them before then, we destroy them at once.
          </li>
          <li>
            <strong>Values used to limit applications</strong>: deleted one day after they are created.
          </li>
        </ul>
      </PolicySection>

      <PolicySection locale="en" id="destruction">
        <p>The company destroys personal information without delay once its retention period has passed or its purpose has been served.</p>
        <ol className="privacy__list">
          <li>
            <strong>Procedure</strong>: the website's server regularly finds online applications whose retention period has passed and deletes them automatically,
            without anyone's involvement, together with their photos and videos. The record of the deletion keeps only the application number, the date it was
            received, the result of the review and when it was deleted, not the name, contact details or other personal information. Casting proposals whose
            retention period has passed are deleted the same way, with their recipients' information, visit records and responses; the record keeps only the
            proposal's title and when it was deleted.
          </li>
          <li>
            <strong>Method</strong>: information in electronic files is deleted from the database and the file storage so that it cannot be read again; paper
            documents are shredded or incinerated.
          </li>
        </ol>
      </PolicySection>

      <PolicySection locale="en" id="third-party">
        <p>
          The company does not provide personal information to third parties, except in the cases set out in Articles 17 and 18 of the Act, such as when the person
          concerned separately agrees or a law specifically provides for it.
        </p>
      </PolicySection>

      <PolicySection locale="en" id="entrustment">
        {policy.processors.length > 0 ? (
          <>
            <p>To run its work smoothly, the company has entrusted the processing of personal information as follows. Work not listed is done by the company itself.</p>
            <div className="privacy__table-wrap">
              <table className="privacy__table privacy__table--processors">
                <caption className="visually-hidden">Processing entrusted to other companies</caption>
                <thead>
                  <tr>
                    <th scope="col">Processor</th>
                    <th scope="col">Work entrusted</th>
                  </tr>
                </thead>
                <tbody>
                  {policy.processors.map((processor) => (
                    <tr key={processor.task}>
                      <th scope="row">{processor.company}</th>
                      <td>{processor.task}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              When it signs an entrustment contract, the company sets out in writing, as Article 26 of the Act requires, that the processor may not process personal
              information for anything but the entrusted work, the safety measures, limits on further entrustment, the company's management and supervision of the
              processor, and liability for damages; and it supervises whether the processor handles personal information safely. If the work or the processor
              changes, this policy will say so at once.
            </p>
          </>
        ) : (
          <p className="privacy__entrustment-none">
            The company does not entrust the processing of personal information to anyone else. If it does in the future, this policy will say what work is entrusted and
            to whom.
          </p>
        )}
      </PolicySection>

      <PolicySection locale="en" id="rights">
        <ol className="privacy__list">
          <li>
            You may at any time ask the company to let you see, correct or delete your personal information or to stop processing it, and you may withdraw your
            consent. If you ask for your application to be deleted or withdraw your consent, your application is withdrawn.
          </li>
          <li>
            You can make a request to the privacy officer by e-mail (<a href={officerMail}>{officer.email}</a>) or phone (<a href={telHref(officer.phone)}>{officer.phone}</a>
            ). For an online application, giving its application number helps us find it quickly.
          </li>
          <li>The company checks that the request comes from you or someone entitled to act for you, deals with it within 10 days of receiving it and tells you the result.</li>
          <li>
            You may also make a request through a representative, such as a legal guardian or someone you have authorised. The representative must then submit a power
            of attorney in the form set out in Annex 11 of the Notice on Methods of Processing Personal Information.
          </li>
          <li>
            Seeing your information or stopping its processing may be refused where Article 35(4) or Article 37(2) of the Act applies, for example where another law
            specifically provides otherwise or where it could harm someone else's life or body. If so, we will tell you why.
          </li>
          <li>You must not enter wrong personal information about yourself or anyone else, or apply using someone else's personal information.</li>
        </ol>
      </PolicySection>

      <PolicySection locale="en" id="children">
        <p>
          When a child under {policy.guardianAge} applies for an audition, the company obtains the consent of a parent or legal guardian as Article 22-2 of the Act
          requires. For this it collects the {andList(consent.guardianItems)}, and it does not accept the application without their consent. The guardian's information
          is used only to confirm the consent and is destroyed together with the application. A parent or legal guardian may exercise the rights in Article{" "}
          {sectionNumber("rights")} on the child's behalf.
        </p>
      </PolicySection>

      <PolicySection locale="en" id="safety">
        <p>The company takes the following measures to keep personal information safe, as Article 29 of the Act requires.</p>
        <ol className="privacy__list">
          <li>
            <strong>Access control</strong>: every member of staff uses an account of their own and is given, through a role, only the access their work needs.
            Applications and their photos and videos can be seen only by staff with the {roles} {policy.applicantRoles.length > 1 ? "roles" : "role"}. Records of access
            being granted, changed or withdrawn are kept for {policy.accessChangeKeepYears} years. A staff sign-in ends after {policy.staffSession.idleMinutes} minutes
            without use or after {policy.staffSession.maxHours} hours.
          </li>
          <li>
            <strong>Password protection</strong>: staff passwords are stored hashed in a way that cannot be reversed (argon2id), and signing in is blocked for a while
            after {policy.signInLimit.attempts} wrong attempts from one place within {policy.signInLimit.minutes} minutes.
          </li>
          <li>
            <strong>Two-step sign-in</strong>: {policy.secondFactorForAll ? "all staff" : `staff who handle applicants' personal information (the ${roles} ${policy.applicantRoles.length > 1 ? "roles" : "role"})`}{" "}
            must enter a one-time code from an authenticator app on their phone as well as their password to sign in.
          </li>
          <li>
            <strong>Encryption in transit</strong>: the website runs over encrypted connections (HTTPS); the staff sign-in cookie cannot be read by JavaScript and is sent
            only over encrypted connections.
          </li>
          <li>
            <strong>Private file storage</strong>: applicants' photos and videos are kept apart from the website's public images, under names that cannot be guessed; they
            are sent only to signed-in staff and are never stored (cached) by browsers or servers on the way. Photos are re-encoded, which removes metadata such as where
            they were taken.
          </li>
          <li>
            <strong>Access records</strong>: every time staff view or search applications, view or download photos and videos, export the list, change a status or note,
            or delete an application, an access record is kept of the account, the time, the IP address, the application concerned (its number) and what was done;
            downloads and exports also record the reason. Access records are kept for {policy.accessRecordYears} years in a way that shows whether they have been
            altered, and are checked every month.
          </li>
        </ol>
      </PolicySection>

      <PolicySection locale="en" id="cookies">
        <p>
          The company uses no advertising or analytics tools, and does not use cookies that store and read information about visitors who browse the website. Cookies
          are used only to keep staff signed in (including one used for only five minutes during two-step sign-in) and to recognise browsers staff have signed in from
          (so that someone else's wrong sign-in attempts cannot lock them out). Someone who opens a casting proposal link gets one cookie holding only a random value
          with no meaning, used only on that proposal's page to count one visit once, and deleted when the browser is closed.
          {kakaoMap ? " The map under “Find us” is provided by Kakao's map service, and Kakao may use cookies under its own policy." : null} You can refuse cookies in
          your browser's settings (for example, in Chrome: Settings › Privacy and security › Third-party cookies).
        </p>
      </PolicySection>

      <PolicySection locale="en" id="officer">
        <p>The company has appointed the following privacy officer, who is responsible for the processing of personal information and for handling complaints and remedies.</p>
        <dl className="privacy__officer">
          <div>
            <dt>Name</dt>
            <dd>{officer.name}</dd>
          </div>
          <div>
            <dt>Position</dt>
            <dd>{officer.position}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(officer.phone)}>{officer.phone}</a>
            </dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href={officerMail}>{officer.email}</a>
            </dd>
          </div>
        </dl>
        <p>Please send requests to see your personal information, and any questions, complaints or requests for remedies, to the privacy officer. We will answer and act without delay.</p>
      </PolicySection>

      <PolicySection locale="en" id="remedies">
        <p>To seek a remedy for an infringement of your personal information, you can apply for dispute resolution or advice to the bodies below (services in Korean).</p>
        <RemedyList remedies={REMEDIES} locale="en" />
      </PolicySection>

      <PolicySection locale="en" id="changes">
        <p>
          This privacy policy applies from <strong>{formatEnglishDate(policy.effectiveDate)}</strong>. When what it says changes, such as the retention period, the
          privacy officer or the processors, the change is shown on this page at once together with a new effective date.
        </p>
      </PolicySection>
    </article>
  );
}
