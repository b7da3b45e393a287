import { eq } from "drizzle-orm";
import { siteSettings } from "../../../drizzle/schema";
import { fieldErrors } from "../../domain/schemas";
import { applySettingsInput, changedSettings } from "../../domain/setting-fields";
import { PRIVACY_POLICY_SETTINGS, SITE_SETTING_FIELDS, siteSettingsInputSchema } from "../../domain/site-settings";
import { APPLICATION_FORM_FIELD, formatFileSize, MAX_APPLICATION_FORM_BYTES } from "../../domain/application-form-file";
import { recordAudit } from "../platform/audit.server";
import type { Actor, Services } from "../platform/services.server";
import { sniffApplicationFormType, storeApplicationForm } from "./application-form.server";
import { DEFAULT_SITE_SETTINGS, SETTINGS_KEY, siteSettingsSchema, type SiteSettings, type StoredApplicationForm } from "./settings.server";

export interface SaveSiteSettingsRequest {
  /** The form's text fields as typed (see siteSettingsInputSchema); validated here. */
  input: unknown;
  /** A new application form file, "oversize" when it was too large to read, null to keep the current one. */
  applicationForm: Uint8Array | "oversize" | null;
  /** When the save happens (tests pass a fixed clock): the privacy policy's new effective date. */
  now?: Date;
}

export type SaveSiteSettingsResult = { status: "saved"; changed: string[] } | { status: "invalid"; errors: Record<string, string> };

export const APPLICATION_FORM_TYPE_MESSAGE = "PDF, HWP, HWPX, DOCX 문서만 올릴 수 있습니다. 파일 이름만 바꾼 다른 형식의 파일은 받지 않습니다.";
export const APPLICATION_FORM_SIZE_MESSAGE = `지원서 양식 파일은 ${formatFileSize(MAX_APPLICATION_FORM_BYTES)} 이하로 올려 주세요.`;

/**
 * Saves the site settings: validates every field (Korean messages by field) and the application form
 * file by its content, writes the settings with one audit entry naming the changed fields in one
 * transaction, then announces the change (header and footer are on every page, so every page changes).
 * A demo value that was changed stops being flagged as demo. A change to what the privacy policy states
 * (retention, officer, processors) moves the policy's effective date to `now`.
 */
export async function saveSiteSettings(services: Services, actor: Actor, request: SaveSiteSettingsRequest): Promise<SaveSiteSettingsResult> {
  const parsed = siteSettingsInputSchema.safeParse(request.input);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const file = request.applicationForm;
  let fileType = null;
  if (file === "oversize" || (file && file.byteLength > MAX_APPLICATION_FORM_BYTES)) errors[APPLICATION_FORM_FIELD] = APPLICATION_FORM_SIZE_MESSAGE;
  else if (file) {
    fileType = sniffApplicationFormType(file);
    if (!fileType) errors[APPLICATION_FORM_FIELD] = APPLICATION_FORM_TYPE_MESSAGE;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { status: "invalid", errors };

  const input = parsed.data;
  // Stored before the transaction: a failed save leaves an unused file, never settings without their file.
  const storedFile: StoredApplicationForm | null = file && fileType ? await storeApplicationForm(services.storage, fileType, file as Uint8Array) : null;

  const outcome = await services.db.transaction(async (tx) => {
    const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SETTINGS_KEY)).for("update");
    const stored = siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...(row?.value as object | undefined) });
    const current = stored.success ? stored.data : DEFAULT_SITE_SETTINGS;
    const next: SiteSettings = { ...applySettingsInput(SITE_SETTING_FIELDS, current, input), applicationForm: storedFile ?? current.applicationForm };
    const changed = changedSettings(SITE_SETTING_FIELDS, current, next, [APPLICATION_FORM_FIELD]);
    if (changed.some((field) => PRIVACY_POLICY_SETTINGS.includes(field))) next.privacyPolicyUpdatedAt = (request.now ?? new Date()).toISOString();
    next.demoFields = current.demoFields.filter((field) => !changed.includes(field));
    await tx
      .insert(siteSettings)
      .values({ key: SETTINGS_KEY, value: next })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: next, updatedAt: new Date() } });
    await recordAudit(tx, actor, { action: "update", entity: "settings", entityId: SETTINGS_KEY, details: { fields: changed } });
    return { changed: [...changed], replaced: storedFile ? current.applicationForm : null };
  });

  if (outcome.replaced) await services.storage.delete(outcome.replaced.key).catch((error: unknown) => services.logger.warn({ err: error }, "old application form not deleted"));
  // Every page shows the header and footer: "/" with entity "settings" means the whole site.
  services.changes.publish({ entity: "settings", action: "updated", ids: [SETTINGS_KEY], paths: ["/"] });
  services.logger.info({ fields: outcome.changed, via: actor.via }, "site settings updated");
  return { status: "saved", changed: outcome.changed };
}
