import type { ReactNode } from "react";
import { categoryLabel, materialsText, sizeText } from "../../domain/display";

/**
 * The materials, size and categories of a work (SPEC §2 artwork page), shared by the
 * artwork page and the listing preview, so the preview shows what buyers will see.
 * No categories, no categories line. `children` adds lines of the caller's own.
 */
export function ArtworkFacts({
  materials,
  size,
  categories,
  children,
}: {
  materials: string | null | undefined;
  size: Parameters<typeof sizeText>[0];
  categories: { name: string }[];
  children?: ReactNode;
}) {
  return (
    <dl className="artwork-facts">
      <div>
        <dt>Materials</dt>
        <dd>{materialsText(materials)}</dd>
      </div>
      <div>
        <dt>Size</dt>
        <dd>{sizeText(size)}</dd>
      </div>
      {categories.length > 0 ? (
        <div>
          <dt>{categories.length > 1 ? "Categories" : "Category"}</dt>
          <dd>{categories.map((c) => categoryLabel(c.name)).join(", ")}</dd>
        </div>
      ) : null}
      {children}
    </dl>
  );
}
