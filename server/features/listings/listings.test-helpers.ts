import type { TestApp } from "../../test/test-app";
import { type ArtworkDetail, artworkDetailSchema } from "../../../contracts/artworks.contract";
import { expectContract } from "../../test/contract";
import { type Member, headersFor } from "../profiles/profiles.test-helpers";
import { type UploadedImage, uploadedImageSchema } from "../../../contracts/uploads.contract";
import { solidJpeg } from "../../test/images";
import { postImage } from "../uploads/uploads.test-helpers";

/** A JSON request as the member (or signed out), the way the browser's API client sends it. */
export function send(
  t: TestApp,
  member: Member | undefined,
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
) {
  const headers = headersFor(
    member,
    body === undefined ? {} : { "content-type": "application/json" },
  );
  return t.app.request(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function uploadImage(
  t: TestApp,
  member: Member,
  colour = "#468",
): Promise<UploadedImage> {
  const response = await postImage(t, member, await solidJpeg(900, 600, colour));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return expectContract(uploadedImageSchema, await response.json());
}

/** A listing body that passes every rule: for sale at $1,200 with one image. */
export function listingBody(
  categoryId: string,
  imageIds: string[],
  overrides: Record<string, unknown> = {},
) {
  return {
    title: "  Harbour at Dusk ",
    createdYear: 2023,
    categoryIds: [categoryId],
    isForSale: true,
    price: 120_000,
    materials: "Oil on linen",
    width: 24,
    height: 36,
    depth: "",
    description: "Evening light over the harbour.",
    isPublicArt: false,
    allowBuyerPickUp: false,
    finalSale: false,
    zipCode: null,
    imageIds,
    ...overrides,
  };
}

export async function createListingAs(
  t: TestApp,
  member: Member,
  body: unknown,
): Promise<ArtworkDetail> {
  const response = await send(t, member, "POST", "/api/artworks", body);
  if (response.status !== 201) {
    throw new Error(`create failed: ${response.status} ${await response.text()}`);
  }
  return expectContract(artworkDetailSchema, await response.json());
}
