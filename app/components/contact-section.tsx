import { KakaoMap } from "../islands/kakao-map";
import { telHref } from "../lib/tel";
import { EyebrowHeading } from "./eyebrow-heading";
import { useLocale, useMessages } from "../lib/locale";

export interface ContactInfo {
  companyName: string;
  companyNameEn: string;
  address: string;
  phone: string;
  email: string;
  businessHours: string;
  map: { lat: number; lng: number };
  /** The English pages' address and hours: the Korean ones when none were entered. */
  addressEn?: string;
  businessHoursEn?: string;
}

/** The contact block: details and a map with a marker and an info window at the company (requirements R3.5). */
export function ContactSection({ contact, kakaoMapKey }: { contact: ContactInfo; kakaoMapKey: string | null }) {
  const { lat, lng } = contact.map;
  const t = useMessages().contact;
  const place = encodeURIComponent(contact.companyName);
  const english = useLocale() === "en";
  const address = english ? contact.addressEn || contact.address : contact.address;
  const hours = english ? contact.businessHoursEn || contact.businessHours : contact.businessHours;
  return (
    <section className="contact" aria-labelledby="contact-title">
      <div className="contact__inner">
        <EyebrowHeading look="section" eyebrow="CONTACT" title={t.heading} id="contact-title" />
        <div className="contact__body">
          <div className="contact__map">
            <KakaoMap appKey={kakaoMapKey} lat={lat} lng={lng} label={contact.companyNameEn}>
              <MapFallback label={contact.companyNameEn} address={address} />
            </KakaoMap>
          </div>
          <dl className="contact__details">
            <div>
              <dt>{t.address}</dt>
              <dd>{address}</dd>
            </div>
            <div>
              <dt>{t.phone}</dt>
              <dd>
                <a href={telHref(contact.phone)}>{contact.phone}</a>
              </dd>
            </div>
            <div>
              <dt>{t.email}</dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </div>
            <div>
              <dt>{t.hours}</dt>
              <dd>{hours}</dd>
            </div>
          </dl>
          <ul className="contact__links">
            <li>
              <a href={`https://map.kakao.com/link/map/${place},${lat},${lng}`} target="_blank" rel="noopener noreferrer">
                {t.kakaoMap}
              </a>
            </li>
            <li>
              <a href={`https://map.kakao.com/link/to/${place},${lat},${lng}`} target="_blank" rel="noopener noreferrer">
                {t.kakaoDirections}
              </a>
            </li>
            <li>
              <a
                href={`https://map.naver.com/p/search/${encodeURIComponent(contact.address)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t.naverDirections}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}

/** A keyless map: a drawn street grid with the marker and the info window, no network needed. */
export function MapFallback({ label, address }: { label: string; address: string }) {
  const t = useMessages().contact;
  return (
    <div className="map-fallback" role="img" aria-label={t.mapLabel(label, address)}>
      <svg className="map-fallback__streets" viewBox="0 0 600 360" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
        <rect width="600" height="360" fill="#f2eee9" />
        <path d="M-10 250 L610 170" stroke="#fff" strokeWidth="26" />
        <path d="M150 -10 L230 370" stroke="#fff" strokeWidth="18" />
        <path d="M420 -10 L380 370" stroke="#fff" strokeWidth="14" />
        <path d="M-10 80 L610 40" stroke="#fff" strokeWidth="10" />
        <path d="M-10 330 L610 300" stroke="#fff" strokeWidth="10" />
        <rect x="250" y="60" width="110" height="70" rx="6" fill="#e4ece0" />
        <rect x="460" y="220" width="120" height="60" rx="6" fill="#e4ece0" />
        <path d="M0 0 Q120 120 0 220" fill="#dfe9f3" />
      </svg>
      <div className="map-fallback__marker">
        <span className="map-fallback__info">{label}</span>
        <svg viewBox="0 0 24 34" width="30" height="42" aria-hidden="true">
          <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 34 12 34s12-13.2 12-22.1C24 5.3 18.6 0 12 0z" fill="#c2456d" />
          <circle cx="12" cy="12" r="4.6" fill="#fff" />
        </svg>
      </div>
    </div>
  );
}
