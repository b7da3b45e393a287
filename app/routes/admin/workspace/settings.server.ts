import { redirect } from "react-router";
import { settingOf, settingsFormValues, typedSettingsValues } from "../../../domain/setting-fields";
import { SITE_SETTING_FIELDS, type SettingsFormValues } from "../../../domain/site-settings";
import { APPLICATION_FORM_FIELD } from "../../../domain/application-form-file";
import { PATHS, WORKSPACE_PATHS } from "../../../domain/paths";
import { staffActor, INVALID_MESSAGE, readStaffForm, replyWith } from "../../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { isOversizeUpload, uploadedFile } from "../../../server/route-kit/uploads.server";
import { applicationFormSummaryOf, getSiteSettings } from "../../../server/site/settings.server";
import { saveSiteSettings } from "../../../server/site/settings-use-cases.server";

/** /admin/settings: the current values, which of them still hold demo content, and the application form file. */
export async function loadWorkspaceSettings(ctx: RequestContext) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
  const settings = await getSiteSettings(ctx.runtime.db);
  const demo = new Set(settings.demoFields);
  return {
    values: settingsFormValues(SITE_SETTING_FIELDS, settings),
    demoFields: SITE_SETTING_FIELDS.filter((field) => demo.has(settingOf(field))).map((field) => field.key),
    applicationForm: { label: `지원서 양식 (${applicationFormSummaryOf(settings)})`, href: PATHS.applicationForm, uploaded: settings.applicationForm !== null },
  };
}

/** Saves the form through saveSiteSettings; bad input comes back with the messages by field and everything typed. */
export async function handleWorkspaceSettingsAction(ctx: RequestContext, request: Request) {
  const read = await readStaffForm<SettingsFormValues>(request, [APPLICATION_FORM_FIELD]);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const values = typedSettingsValues(SITE_SETTING_FIELDS, form);
  const session = staffSessionOf(ctx);
  const raw = form.get(APPLICATION_FORM_FIELD);
  const file = uploadedFile(form, APPLICATION_FORM_FIELD);
  const result = await saveSiteSettings(ctx.runtime, staffActor(session, ctx), {
    input: values,
    applicationForm: isOversizeUpload(raw) ? "oversize" : file ? new Uint8Array(await file.arrayBuffer()) : null,
  });
  if (result.status === "invalid") return replyWith(400, { formError: INVALID_MESSAGE, fields: result.errors, values });
  return redirect(WORKSPACE_PATHS.settings, { headers: { "Set-Cookie": await setFlash("settings-saved") } });
}
