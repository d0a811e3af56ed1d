import { type AppLoadContext, data } from "react-router";
import {
  replyBodySchema,
  reviewBodySchema,
  reviewReportBodySchema,
} from "../../../contracts/reviews.contract";
import { reviewTexts as rt } from "../../../domain/reviews";
import { AppError } from "../../../server/errors";
import { failureOf } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { validInput } from "../../lib/valid-input.server";
import {
  EDIT_REVIEW_INTENT,
  REPLY_INTENT,
  REPORT_INTENT,
  type ReviewFormResult,
  WRITE_REVIEW_INTENT,
} from "./review-result";

/**
 * The review forms' actions (the buyer's review, the artist's reply, a report), through
 * the same contract schemas and services as the API.
 */

function text(form: FormData, name: string): string {
  const value = form.get(name);
  // A browser sends a textarea's line breaks as CRLF; count them as the field did.
  return typeof value === "string" ? value.replace(/\r\n/g, "\n") : "";
}

/** "1"…"5" as a number; anything else stays as it is, for the schema to refuse. */
function ratingOf(value: string): number | string {
  return /^[1-5]$/.test(value) ? Number(value) : value;
}

async function answer(
  context: AppLoadContext,
  values: Record<string, string>,
  run: () => Promise<string>,
  log: string,
) {
  try {
    const result: ReviewFormResult = { ok: true, message: await run() };
    return result;
  } catch (error) {
    const { status, message } = failureOf(context.services.logger, error, {
      fallback: "Something went wrong. Please try again.",
      log,
    });
    const result: ReviewFormResult = { ok: false, error: message, values };
    return data(result, { status });
  }
}

async function signedInUser(context: AppLoadContext, request: Request) {
  return context.services.auth.getSessionUser(request.headers);
}

/** `/profile/purchases/:orderId/review`: the buyer writes or edits their review. */
export async function orderReviewAction(
  context: AppLoadContext,
  request: Request,
  orderId: string,
) {
  const user = await signedInUser(context, request);
  const form = await readForm(request);
  const intent = text(form, "intent");
  const values = { rating: text(form, "rating"), body: text(form, "body") };
  return answer(
    context,
    values,
    async () => {
      if (!user) throw refusal(401, rt.signIn);
      const body = validInput(reviewBodySchema, {
        rating: ratingOf(values.rating),
        body: values.body,
      });
      if (intent === EDIT_REVIEW_INTENT) {
        await context.services.reviews.edit(user.id, orderId, body);
        return rt.edited;
      }
      if (intent !== WRITE_REVIEW_INTENT) throw refusal(400, "Unknown action.");
      await context.services.reviews.write(user.id, orderId, body);
      return rt.created;
    },
    "A review could not be written",
  );
}

/** `/reviews/:reviewId`: the artist's reply, or anyone's report. */
export async function reviewAction(context: AppLoadContext, request: Request, reviewId: string) {
  const user = await signedInUser(context, request);
  const form = await readForm(request);
  const intent = text(form, "intent");
  const values = { reply: text(form, "reply"), reason: text(form, "reason") };
  return answer(
    context,
    values,
    async () => {
      if (!user) throw refusal(401, rt.signIn);
      if (intent === REPLY_INTENT) {
        await context.services.reviews.reply(
          user.id,
          reviewId,
          validInput(replyBodySchema, { reply: values.reply }),
        );
        return rt.replied;
      }
      if (intent !== REPORT_INTENT) throw refusal(400, "Unknown action.");
      return (
        await context.services.reviews.report(
          user.id,
          reviewId,
          validInput(reviewReportBodySchema, { reason: values.reason }),
        )
      ).message;
    },
    "A review action failed",
  );
}

function refusal(status: 400 | 401, message: string) {
  return new AppError(status === 401 ? "UNAUTHENTICATED" : "BAD_REQUEST", status, message);
}
