import type { RequestContext } from "../server/route-kit/context.server";
import { applicationFormFileName } from "../server/site/application-form.server";
import { applicationFormSummaryOf, getSiteSettings } from "../server/site/settings.server";

/** /audition: the application form on offer (site settings): its type and size, and its download name. */
export async function loadAudition(ctx: RequestContext) {
  const settings = await getSiteSettings(ctx.runtime.db);
  return {
    applicationForm: {
      summary: applicationFormSummaryOf(settings),
      fileName: applicationFormFileName(settings.applicationForm?.type ?? "pdf"),
    },
  };
}
