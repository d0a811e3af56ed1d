import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { categoryLabel } from "../../../domain/display";
import { firstListingProblem, offerMinimumApplies } from "../../../domain/listing";
import { FormError } from "../../components/ui/form-message";
import { useFieldsChangedEarly } from "../../lib/fields-changed-early";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import {
  type DraftImage,
  type ListingDraft,
  type ListingDraftValues,
  draftFields,
  draftFromArtwork,
  emptyDraft,
} from "./listing-draft";
import { getListingDraft, saveListingDraft } from "./listing-draft-store";
import { ListingImagesField } from "./listing-images-field";
import { FinalSaleField } from "./final-sale-field";
import { listingPageMessages as m } from "./listings.messages";

/** Which field a rule's message is about, so that field is marked invalid. */
const fieldOfProblem: Partial<Record<string, keyof ListingDraftValues | "images">> = {
  [m.title]: "title",
  [m.titleTooLong]: "title",
  [m.createdYear]: "createdYear",
  [m.categories]: "categoryIds",
  [m.price]: "price",
  [m.materials]: "materials",
  [m.materialsTooLong]: "materials",
  [m.width]: "width",
  [m.height]: "height",
  [m.depth]: "depth",
  [m.zipCode]: "zipCode",
  [m.image]: "images",
  [m.tooManyImages]: "images",
  [m.descriptionTooLong]: "description",
  [m.priceTooHigh]: "price",
  [m.offerMinimum]: "offerMinimum",
  [m.offerMinimumTooHigh]: "offerMinimum",
  [m.offerMinimumNotBelowPrice]: "offerMinimum",
};

/** The draft's values that are typed into a text field. */
type TextKey = Exclude<
  keyof ListingDraftValues,
  "categoryIds" | "isForSale" | "allowBuyerPickUp" | "acceptsOffers" | "finalSale"
>;

/**
 * SPEC §2 Add Artwork form (also edit mode). Everything typed and chosen is the draft,
 * kept in the tab's draft store on every change, so the preview and Back to edit lose
 * nothing. Preview checks the SPEC §5 rules in order and shows the first failure.
 */
export function ListingForm({
  artwork,
  artistName,
  categories,
}: {
  /** Edit mode: the artwork as stored; null for a new listing. */
  artwork: ArtworkDetail | null;
  artistName: string;
  categories: { id: string; name: string }[];
}) {
  const navigate = useNavigate();
  // The draft this tab already holds for this listing (Back to edit), or a new one.
  const [draft, setDraft] = useState<ListingDraft>(
    () =>
      getListingDraft(artwork?.id ?? null) ??
      (artwork ? draftFromArtwork(artwork) : emptyDraft(artistName)),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const { values } = draft;
  const invalidField = problem ? fieldOfProblem[problem] : undefined;

  useEffect(() => saveListingDraft(draft), [draft]);

  // Text typed before the page's script ran is the draft's once it has.
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsChangedEarly(formRef, (field) => {
    const key = field.id.slice(`${id}-`.length);
    if (
      field.id.startsWith(`${id}-`) &&
      typeof values[key as keyof ListingDraftValues] === "string"
    )
      set(key as TextKey, field.value);
  });

  function set<K extends keyof ListingDraftValues>(key: K, value: ListingDraftValues[K]) {
    setProblem(null);
    setDraft((d) => ({ ...d, values: { ...d.values, [key]: value } }));
  }

  function setImages(images: DraftImage[]) {
    setProblem(null);
    setDraft((d) => ({ ...d, images }));
  }

  function toggleCategory(categoryId: string, checked: boolean) {
    const others = values.categoryIds.filter((c) => c !== categoryId);
    set("categoryIds", checked ? [...others, categoryId] : others);
  }

  const text = (key: TextKey) => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, event.currentTarget.value),
    "aria-invalid": invalidField === key || undefined,
  });

  return (
    <form
      ref={formRef}
      className="listing-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = firstListingProblem(draftFields(draft));
        setProblem(found);
        if (found) return;
        saveListingDraft(draft);
        void navigate("/listing-preview");
      }}
    >
      {/* On a wide screen the details and the images stand side by side (listings.css). */}
      <div className="listing-form-details">
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input type="text" {...text("title")} />
        </div>
        <div className="field-row">
          <div className="field listing-year">
            <label htmlFor={`${id}-createdYear`}>Year created</label>
            <input type="text" inputMode="numeric" autoComplete="off" {...text("createdYear")} />
          </div>
        </div>
        <fieldset
          className="field listing-categories"
          aria-invalid={invalidField === "categoryIds" || undefined}
        >
          <legend>Categories</legend>
          <p className="hint">Choose one or more.</p>
          <div className="listing-checkbox-grid">
            {categories.map((category) => (
              <label key={category.id} className="choice">
                <input
                  type="checkbox"
                  checked={values.categoryIds.includes(category.id)}
                  onChange={(event) => toggleCategory(category.id, event.currentTarget.checked)}
                />
                <span>{categoryLabel(category.name)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="field choice-group">
          <legend>Sale</legend>
          <label className="choice">
            <input
              type="radio"
              name={`${id}-sale`}
              checked={values.isForSale}
              onChange={() => set("isForSale", true)}
            />
            <span>{m.forSaleChoice}</span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name={`${id}-sale`}
              checked={!values.isForSale}
              onChange={() => set("isForSale", false)}
            />
            <span>{m.offersOnlyChoice}</span>
          </label>
        </fieldset>
        {values.isForSale ? (
          <>
            <div className="field listing-price">
              <label htmlFor={`${id}-price`}>Price (USD)</label>
              <input type="text" inputMode="decimal" autoComplete="off" {...text("price")} />
            </div>
            <label className="choice">
              <input
                type="checkbox"
                checked={values.acceptsOffers}
                onChange={(event) => set("acceptsOffers", event.currentTarget.checked)}
              />
              <span>{m.allowOffers}</span>
            </label>
          </>
        ) : null}
        {offerMinimumApplies(values) ? (
          <div className="field listing-price">
            <label htmlFor={`${id}-offerMinimum`}>{m.offerMinimumLabel}</label>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={`${id}-offerMinimum-hint`}
              {...text("offerMinimum")}
            />
            <p id={`${id}-offerMinimum-hint`} className="hint">
              {m.offerMinimumHint}
            </p>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-materials`}>Materials</label>
          <input type="text" {...text("materials")} />
        </div>
        <fieldset className="field">
          <legend>Size in whole inches</legend>
          <div className="listing-size-row">
            <div className="field">
              <label htmlFor={`${id}-width`}>Width</label>
              <input type="text" inputMode="numeric" autoComplete="off" {...text("width")} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-height`}>Height</label>
              <input type="text" inputMode="numeric" autoComplete="off" {...text("height")} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-depth`}>Depth</label>
              <input
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="0"
                {...text("depth")}
              />
            </div>
          </div>
          <p className="hint">Leave depth empty for flat work.</p>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea rows={5} {...text("description")} />
        </div>
        <label className="choice">
          <input
            type="checkbox"
            checked={values.allowBuyerPickUp}
            onChange={(event) => set("allowBuyerPickUp", event.currentTarget.checked)}
          />
          <span>Allow buyer pick-up</span>
        </label>
        {values.allowBuyerPickUp ? (
          <div className="field listing-zip">
            <label htmlFor={`${id}-zipCode`}>Zip code for pick-up</label>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              {...text("zipCode")}
            />
          </div>
        ) : null}
        <FinalSaleField
          checked={values.finalSale}
          onChange={(checked) => set("finalSale", checked)}
        />
      </div>
      <ListingImagesField
        images={draft.images}
        onChange={setImages}
        invalid={invalidField === "images"}
      />
      <FormError message={problem} />
      <div className="listing-actions">
        <button type="submit" className="button button-primary">
          Preview
        </button>
      </div>
    </form>
  );
}
