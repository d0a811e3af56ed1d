import type { AppLoadContext } from "react-router";
import {
  applicantName,
  applicationNotices,
  applicationMessages as m,
  declineApplicationSchema,
  requestInfoSchema,
} from "../../../contracts/admin-applications.contract";
import { validInput } from "../../lib/valid-input.server";
import { type AdminIntent, field, runAdminAction } from "./admin.server";

/**
 * The applications page's actions, through the same service (and so the same guarded
 * UPDATE, e-mail and audit row) as `POST /api/admin/applications/:userId/*`.
 */
export function applicationsAction(context: AppLoadContext, request: Request) {
  const { applications } = context.services;
  const intents: Record<string, AdminIntent> = {
    approve: async (form, admin) => {
      const { application } = await applications.decide(admin, field(form, "userId"), {
        kind: "approve",
      });
      return applicationNotices.approved(applicantName(application));
    },
    decline: async (form, admin) => {
      const { reason } = validInput(declineApplicationSchema, { reason: field(form, "reason") });
      const { application } = await applications.decide(admin, field(form, "userId"), {
        kind: "decline",
        reason,
      });
      return applicationNotices.declined(applicantName(application));
    },
    "request-info": async (form, admin) => {
      const { message } = validInput(requestInfoSchema, { message: field(form, "message") });
      await applications.decide(admin, field(form, "userId"), {
        kind: "request_info",
        message,
      });
      return m.infoRequested;
    },
  };
  return runAdminAction(context, request, intents);
}
