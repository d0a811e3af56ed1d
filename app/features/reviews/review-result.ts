/** What a review form's action answers: a notice, or a refusal with what was typed. */
export type ReviewFormResult =
  { ok: true; message: string } | { ok: false; error: string; values: Record<string, string> };

export const WRITE_REVIEW_INTENT = "write-review";
export const EDIT_REVIEW_INTENT = "edit-review";
export const REPLY_INTENT = "reply";
export const REPORT_INTENT = "report";
