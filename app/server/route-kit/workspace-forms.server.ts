import { data, redirect } from "react-router";
import type { FlashCode } from "../../lib/flash-messages";
import { setFlash } from "./flash.server";
import { withParticle } from "../../domain/korean";
import type { StaffFormReply } from "../../lib/admin-form-reply";
import type { SignedInStaff } from "../auth/sessions.server";
import type { Actor } from "../platform/services.server";
import type { RequestContext } from "./context.server";
import { RequestBodyError } from "../platform/form-body.server";
import { parseStaffForm } from "./uploads.server";

/**
 * What every admin form's action shares: multipart parsing with its limits, and one reply shape
 * (lib/admin-form-reply.ts) that the form shell (components/admin/admin-form-shell.tsx) shows. The
 * session was checked by the private gate before the action ran (access-gate.server.ts); an ended
 * session never gets this far (lib/signed-out-submit.ts keeps the typed text on the client).
 */

export const INVALID_MESSAGE = "입력한 내용을 확인해 주세요.";

/** The audit actor of a signed-in administrator using the admin pages. */
export function staffActor(session: SignedInStaff, ctx: Pick<RequestContext, "clientIp">): Actor {
  return { staffId: session.staffId, via: "session", label: session.loginId, ip: ctx.clientIp };
}

/** An action's answer with the form's reply and an HTTP status. */
export function replyWith<V = never>(status: number, reply: Partial<StaffFormReply<V>> & { formError: string }) {
  const full: StaffFormReply<V> = {
    formError: reply.formError,
    fields: reply.fields ?? {},
    values: reply.values ?? null,
    expired: reply.expired ?? false,
    conflictVersion: reply.conflictVersion ?? null,
    imageErrors: reply.imageErrors ?? {},
    librarySearch: reply.librarySearch ?? null,
    arrivalFocus: reply.arrivalFocus ?? null,
  };
  return data(full, { status });
}

/** Somebody saved the same record since it was opened. `noun`: "글", "배우 정보". */
export function replyConflict<V>(values: V, noun: string, currentVersion: number) {
  const formError = `다른 곳에서 ${withParticle(`이 ${noun}`, "이/가")} 먼저 수정되었습니다. 입력한 내용은 그대로 있습니다. ${withParticle(`최신 ${noun}`, "을/를")} 새 창에서 확인한 뒤, 덮어쓰려면 ‘내 내용으로 저장’을 누르세요.`;
  return replyWith(409, { formError, values, conflictVersion: currentVersion });
}

/**
 * Reads an admin form (multipart, files only from `fileFields`, oversize files marked instead of
 * failing the form). A body that cannot be read at all becomes a reply with its status.
 */
export async function readStaffForm<V>(request: Request, fileFields: readonly string[]): Promise<{ form: FormData } | { refused: ReturnType<typeof replyWith<V>> }> {
  try {
    return { form: await parseStaffForm(request, fileFields) };
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return { refused: replyWith<V>(error.status, { formError: error.message }) };
  }
}

/** "Save mine anyway" after a conflict carries the version the administrator has now seen. */
export function expectedVersionOf(form: FormData): number {
  const version = Number(form.get("overwriteVersion") ?? form.get("version"));
  return Number.isInteger(version) ? version : -1;
}

/** Back to a workspace list as it was (filters, page), or to the plain list for anything that is not one of its addresses. */
export function listReturnPath(value: FormDataEntryValue | null, listPath: string): string {
  const path = typeof value === "string" ? value : "";
  return path === listPath || (path.startsWith(`${listPath}?`) && !/[#\s]/.test(path)) ? path : listPath;
}

/** A redirect with a notice for the next page. */
export async function flashRedirect(to: string, code: FlashCode) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash(code) } });
}
