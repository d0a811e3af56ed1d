import type { Hono } from "hono";
import type { AppServices } from "../../services";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function registerSitemapRoutes(app: Hono, { seo, config }: AppServices) {
  app.get("/sitemap.xml", async (c) => {
    const entries = [
      { path: "/", lastModified: null },
      { path: "/exhibition", lastModified: null },
      ...(await seo.sitemapEntries()),
    ];
    const urls = entries
      .map(({ path, lastModified }) => {
        const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
        return `<url><loc>${escapeXml(config.publicUrl + path)}</loc>${lastmod}</url>`;
      })
      .join("\n");
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    );
  });

  app.get("/robots.txt", (c) =>
    c.text(`User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${config.publicUrl}/sitemap.xml\n`),
  );
}
