import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  criticalCss,
  cutFirstPaint,
  namesIn,
  parseStylesheet,
  requirements,
} from "./critical-css.server";

const page = (html: string) => namesIn(html);

describe("requirements", () => {
  it("reads the classes and element names a selector needs", () => {
    expect(requirements(".grid>li:nth-child(n+9)")).toEqual({
      classes: ["grid"],
      tags: ["li"],
      action: false,
    });
    expect(requirements("a.nav-link.active:hover")).toEqual({
      classes: ["nav-link", "active"],
      tags: ["a"],
      action: true,
    });
    expect(requirements(".search input[type=search]")).toEqual({
      classes: ["search"],
      tags: ["input"],
      action: false,
    });
  });

  it("asks nothing of what is inside parentheses, brackets or strings", () => {
    expect(requirements(":not(.x) .y")).toEqual({ classes: ["y"], tags: [], action: false });
    expect(requirements('[data-x=".a b"]')).toEqual({ classes: [], tags: [], action: false });
    expect(requirements(".a:is(.b, .c)::before")).toEqual({
      classes: ["a"],
      tags: [],
      action: false,
    });
    expect(requirements(":root")).toEqual({ classes: [], tags: [], action: false });
    expect(requirements("*,:before")).toEqual({ classes: [], tags: [], action: false });
  });

  it("tells a selector that matches only while a pointer is over or pressing something", () => {
    for (const selector of [".a:hover", ".a:hover .b", "button:active"])
      expect(requirements(selector).action).toBe(true);
    // Focus rules stay: a keyboard user must see where they are from the first Tab.
    for (const selector of [
      ".skip-link:focus",
      ".switch input:focus-visible+.track",
      ".f:focus-within",
      ".a:not(:hover)",
      ".a:hover-ish",
      ".a:checked",
    ])
      expect(requirements(selector).action).toBe(false);
  });

  it("reads past comments, and class names beyond ASCII", () => {
    expect(requirements(".a /* the card's */ .b")).toEqual({
      classes: ["a", "b"],
      tags: [],
      action: false,
    });
    expect(requirements(".café>.menü")).toEqual({
      classes: ["café", "menü"],
      tags: [],
      action: false,
    });
  });

  it("asks nothing of a selector with an escape, which it does not read", () => {
    expect(requirements(".md\\:flex")).toEqual({ classes: [], tags: [], action: false });
  });
});

describe("criticalCss", () => {
  const sheet = parseStylesheet(
    [
      ":root{--a:1}",
      "body{margin:0}",
      ".card{color:red}",
      ".sold{color:gray}",
      ".card .sold,.card .price{font-weight:700}",
      ".card:hover,.card:active{color:blue}",
      ".card:focus-visible{outline:2px solid}",
      "@layer base{.sold{color:gray}}",
      "textarea{font:inherit}",
      "@media (width>=900px){.card{gap:1rem}.sold{opacity:.5}}",
      "@media print{.sold{display:none}}",
      "@font-face{font-family:X;src:url(x.woff2)}",
      '.quote:before{content:"}{"}',
      "@keyframes spin{from{transform:none}to{transform:rotate(1turn)}}",
    ].join(""),
  );

  it("keeps the rules the page's classes and elements can match, in order", () => {
    const html = '<html><body><div class="card"><p class="price quote">1</p></div></body></html>';
    expect(criticalCss(sheet, page(html))).toBe(
      [
        ":root{--a:1}",
        "body{margin:0}",
        ".card{color:red}",
        ".card .price{font-weight:700}",
        ".card:focus-visible{outline:2px solid}",
        "@layer base{}",
        "@media (width>=900px){.card{gap:1rem}}",
        "@font-face{font-family:X;src:url(x.woff2)}",
        '.quote:before{content:"}{"}',
        "@keyframes spin{from{transform:none}to{transform:rotate(1turn)}}",
      ].join(""),
    );
  });

  it("keeps everything when every class and element is there", () => {
    const html = '<div class="card sold price quote"></div><textarea></textarea>';
    const all = criticalCss(sheet, page(html));
    expect(all).toContain("textarea{font:inherit}");
    expect(all).toContain(".card .sold,.card .price{font-weight:700}");
    expect(all).toContain("@media print{.sold{display:none}}");
    // What shows only while a pointer is over or pressing something comes with the whole stylesheet.
    expect(all).not.toContain(":hover");
    expect(all).not.toContain(":active");
  });

  it("reads plain CSS with comments and spaces too", () => {
    const plain = parseStylesheet(
      "/* a } comment */\n.a {\n  color: red;\n}\n\n.b { color: blue }\n",
    );
    expect(criticalCss(plain, page('<i class="b"></i>'))).toBe(".b{ color: blue }");
  });

  it("refuses a stylesheet with a block that is never closed", () => {
    expect(() => parseStylesheet(".a{color:red")).toThrow(/never closed/);
  });
});

describe("namesIn", () => {
  it('reads every class of every class attribute and every element name, not text (React writes " in text as &quot;)', () => {
    const names = namesIn(
      '<div class="a  b"><SVG class="c"></SVG><p>x class=&quot;d&quot;</p></div>',
    );
    expect([...names.classes].sort()).toEqual(["a", "b", "c"]);
    expect(names.tags.has("svg")).toBe(true);
    expect(names.tags.has("p")).toBe(true);
    expect(names.tags.has("body")).toBe(true);
  });
});

describe("cutFirstPaint", () => {
  const css = ".card{color:red}.sold{color:gray}";
  const sheet = parseStylesheet(css);
  const cut = (html: string[]) =>
    text(Readable.from(html.map((s) => Buffer.from(s))).pipe(cutFirstPaint(css, sheet)));

  it("writes the page's rules into its style once the whole page is there", async () => {
    const out = await cut([
      `<html><head><style id="site-styles" nonce="n">${css.slice(0, 10)}`,
      `${css.slice(10)}</style></head><body><p class="card">`,
      "é</p></body></html>",
    ]);
    expect(out).toBe(
      '<html><head><style id="site-styles" nonce="n">.card{color:red}</style></head><body><p class="card">é</p></body></html>',
    );
  });

  it("reads a character cut between two chunks", async () => {
    const html = `<style id="site-styles">${css}</style><p class="card">café</p>`;
    const bytes = Buffer.from(html);
    const inside = bytes.indexOf(Buffer.from("é")) + 1;
    const out = await text(
      Readable.from([bytes.subarray(0, inside), bytes.subarray(inside)]).pipe(
        cutFirstPaint(css, sheet),
      ),
    );
    expect(out).toBe('<style id="site-styles">.card{color:red}</style><p class="card">café</p>');
  });

  it("leaves a page without that style as it came", async () => {
    const html = `<p class="card">${css}</p>`;
    expect(await cut([html])).toBe(html);
    const other = `<style id="site-styles">.x{}</style><style>${css}</style>`;
    expect(await cut([other])).toBe(other);
  });

  it("does not take a page's own text for the stylesheet", async () => {
    // A title that reads like the rules comes after the style element, never inside it.
    const html = `<style id="site-styles">${css}</style><h1 class="sold">${css}</h1>`;
    expect(await cut([html])).toBe(
      `<style id="site-styles">.sold{color:gray}</style><h1 class="sold">${css}</h1>`,
    );
  });
});
