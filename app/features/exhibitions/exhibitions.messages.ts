import { discoveryMessages as d } from "../../../domain/discovery-messages";

/** SPEC §2 and §8 texts of this page, from the one shared list in domain/. */
export const exhibitionsMessages = {
  exhibitionsLoadFailed: d.exhibitionsLoadFailed,
  invalidExhibition: d.invalidExhibition,
  exhibitionLoadFailed: d.exhibitionLoadFailed,
  noActiveExhibitions: d.noActiveExhibitions,
} as const;
