/**
 * The online application's addresses, apart from its schemas: the route table and the links on
 * every page read them, and this module must not pull zod into every page's JavaScript.
 */

export const AUDITION_PATHS = {
  apply: "/audition/apply",
  /** Where the JavaScript form posts (multipart, answered with JSON) to show upload progress. */
  submit: "/audition/apply/submit",
  complete: "/audition/apply/complete",
  privacy: "/privacy",
  adminList: "/admin/auditions",
} as const;

export function adminAuditionPath(id: number): string {
  return `${AUDITION_PATHS.adminList}/${id}`;
}

/** An applicant's photo or video, for the signed-in administrator only. */
export function adminAuditionFilePath(id: number, fileId: string): string {
  return `${AUDITION_PATHS.adminList}/${id}/files/${fileId}`;
}
