import { and, count, eq, sql } from "drizzle-orm";
import { auditEvents, imageUploads } from "../../db/schema";
import { solidJpeg } from "../../test/images";
import type { TestApp } from "../../test/test-app";
import { type Member, headersFor } from "../profiles/profiles.test-helpers";

/** Ages every upload by two days, so the sweeper's grace period is over for all of them. */
export async function ageUploads(t: TestApp) {
  await t.db.update(imageUploads).set({ createdAt: sql`now() - interval '2 days'` });
}

/** `POST /api/admin/images` with a real JPEG; answers the upload's id and addresses. */
export async function uploadBannerImage(t: TestApp, admin: Member, colour = "#36c") {
  const form = new FormData();
  const bytes = await solidJpeg(1600, 500, colour);
  form.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "banner.jpg");
  const response = await t.app.request("/api/admin/images", {
    method: "POST",
    headers: headersFor(admin),
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return (await response.json()) as { id: string; original: string; thumbnail: string };
}

/** Audit rows of one action on one target. */
export async function auditCount(t: TestApp, action: string, targetId?: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, action),
        targetId ? eq(auditEvents.targetId, targetId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function allAuditRows(t: TestApp) {
  const [row] = await t.db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
