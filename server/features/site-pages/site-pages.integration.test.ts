import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../../contracts/common.contract";
import {
  adminSitePageListSchema,
  adminSitePageSchema,
  sitePageMessages as m,
  sitePageSchema,
} from "../../../contracts/site-pages.contract";
import { MAX_SITE_PAGE_MARKDOWN, SITE_PAGES } from "../../../domain/site-pages";
import { inputMessages } from "../../../domain/text-input";
import { auditEvents, sitePages } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { allAuditRows, auditCount } from "../curation/curation.test-helpers";

let t: TestApp;
let admin: Member;
let collector: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {}, { role: "admin" });
  collector = await signUp(t);
});

afterAll(async () => {
  await t.close();
});

async function errorOf(response: Response) {
  return expectContract(apiErrorSchema, await response.json()).error.message;
}

async function publicPage(slug: string) {
  const response = await t.app.request(`/api/pages/${slug}`);
  expect(response.status).toBe(200);
  return expectContract(sitePageSchema, await response.json());
}

function edit(member: Member | undefined, slug: string, markdown: unknown) {
  return send(t, member, "PUT", `/api/admin/pages/${slug}`, { markdown });
}

describe("the site's own pages", () => {
  it("each shows a default text, saying the operator should replace it, until written", async () => {
    for (const info of SITE_PAGES) {
      const page = await publicPage(info.slug);
      expect(page).toMatchObject({ slug: info.slug, title: info.title, isDefault: true });
      expect(page.html).toContain("team console");
    }
    const unknown = await t.app.request("/api/pages/cookies");
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(m.pageNotFound);
  });

  it("are written by admins only", async () => {
    const rows = await allAuditRows(t);
    for (const member of [undefined, collector]) {
      const response = await edit(member, "about", "We are a gallery.");
      expect([401, 403]).toContain(response.status);
    }
    const read = await send(t, collector, "GET", "/api/admin/pages/about");
    expect(read.status).toBe(403);
    expect(await t.db.select().from(sitePages)).toEqual([]);
    expect(await allAuditRows(t)).toBe(rows);
    expect((await publicPage("about")).isDefault).toBe(true);
  });

  it("shows the admin's Markdown as HTML, with an audit row of the change", async () => {
    // The page's own title is its only h1: the text's "#" is an h2.
    const title = await edit(admin, "contact", "# Write to us");
    expect((await title.json()) as { html: string }).toMatchObject({
      html: "<h2>Write to us</h2>\n",
    });
    const response = await edit(
      admin,
      "shipping-returns",
      "## Shipping\r\n\r\nWe ship **worldwide**.",
    );
    expect(response.status).toBe(200);
    const saved = expectContract(adminSitePageSchema, await response.json());
    expect(saved.markdown).toBe("## Shipping\n\nWe ship **worldwide**.");
    const page = await publicPage("shipping-returns");
    expect(page.isDefault).toBe(false);
    expect(page.html).toContain("<h2>Shipping</h2>");
    expect(page.html).toContain("<strong>worldwide</strong>");

    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "site_page.update"),
          eq(auditEvents.targetId, "shipping-returns"),
        ),
      );
    expect(row).toMatchObject({
      actorId: admin.id,
      targetType: "site_page",
      before: { markdown: null },
      after: { markdown: "## Shipping\n\nWe ship **worldwide**." },
    });

    const list = expectContract(
      adminSitePageListSchema,
      await (await send(t, admin, "GET", "/api/admin/pages")).json(),
    );
    expect(list.find((p) => p.slug === "shipping-returns")?.isDefault).toBe(false);
    expect(list.map((p) => p.path)).toEqual(SITE_PAGES.map((p) => p.path));
  });

  it("never lets the text bring in scripts, event handlers or javascript: links", async () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">raw link</a>',
      "[md link](javascript:alert(1))",
      "[mixed case](JaVaScRiPt:alert(1))",
      "[entity](jav&#x09;ascript:alert(1))",
      "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "![pixel](https://tracker.example/p.gif)",
      "[fine](https://example.org/terms) and [mail](mailto:team@example.org)",
    ].join("\n\n");
    expect((await edit(admin, "terms", hostile)).status).toBe(200);
    const { html } = await publicPage("terms");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    // Any "<" left is a tag (text's are escaped): none carries an event handler.
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/<a[^>]*href="\s*(javascript|data|jav)/i);
    // Raw HTML is shown as the text it is; safe links stay links.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain(
      '<a href="https://example.org/terms" rel="noopener noreferrer nofollow">fine</a>',
    );
    expect(html).toContain('<a href="mailto:team@example.org">mail</a>');
  });

  it("refuses NUL, broken Unicode and oversized text with clear messages, changing nothing", async () => {
    expect((await edit(admin, "faq", "## Our FAQ")).status).toBe(200);
    const rows = await allAuditRows(t);
    const cases: [unknown, string][] = [
      ["a\u0000b", inputMessages.nulCharacter],
      ["broken \ud800 half", inputMessages.illFormedText],
      ["x".repeat(MAX_SITE_PAGE_MARKDOWN + 1), m.markdownTooLong],
      [42, m.markdownRequired],
    ];
    for (const [markdown, message] of cases) {
      const response = await edit(admin, "faq", markdown);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await allAuditRows(t)).toBe(rows);
    expect((await publicPage("faq")).html).toContain("Our FAQ");

    const unknown = await edit(admin, "cookies", "x");
    expect(unknown.status).toBe(404);
  });

  it("goes back to the default text when saved empty", async () => {
    expect((await edit(admin, "privacy", "Our own policy.")).status).toBe(200);
    const reset = await edit(admin, "privacy", "   ");
    expect(reset.status).toBe(200);
    expect(expectContract(adminSitePageSchema, await reset.json()).isDefault).toBe(true);
    expect((await publicPage("privacy")).html).toContain("placeholder");
    expect(await auditCount(t, "site_page.reset", "privacy")).toBe(1);
  });
});
