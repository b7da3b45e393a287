/** The audition application form file that the audition page offers for download: its field, types and limit. */

/** The application form file's field in the multipart form. */
export const APPLICATION_FORM_FIELD = "applicationForm";
export const MAX_APPLICATION_FORM_BYTES = 10 * 1024 * 1024;

/** Document types accepted as the audition application form, as sniffed from the bytes. */
export const APPLICATION_FORM_TYPES = {
  pdf: { label: "PDF", contentType: "application/pdf" },
  hwp: { label: "HWP", contentType: "application/x-hwp" },
  hwpx: { label: "HWPX", contentType: "application/hwp+zip" },
  docx: { label: "DOCX", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
} as const;
export type ApplicationFormType = keyof typeof APPLICATION_FORM_TYPES;

/** The form offered until one is uploaded: the bundled PDF in public/files (its size is checked by a test). */
export const DEFAULT_APPLICATION_FORM = { path: "/files/we-entertainment-audition-application.pdf", type: "pdf", bytes: 176_938 } as const;

/** "35KB", "1.2MB": a file size as the download button shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")}MB`;
}

/** "HWP, 35KB": what the download offers. */
export function applicationFormSummary(type: ApplicationFormType, bytes: number): string {
  return `${APPLICATION_FORM_TYPES[type].label}, ${formatFileSize(bytes)}`;
}
