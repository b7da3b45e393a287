/** A phone number as a `tel:` link target: digits and a leading + only ("02-0000-0000" → "tel:0200000000"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
