// What a feature may import (eslint.config.js): its own files, app/components, app/lib,
// domain/ and contracts/. eslint.config.test.ts expects no error here.
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { discoveryMessages } from "../../../domain/discovery-messages";
import { LoadError } from "../../components/load-error";
import { routeErrorText } from "../../lib/route-error-text";
import { artworkMessages } from "./artworks.messages";

export const allowed = [discoveryMessages, LoadError, routeErrorText, artworkMessages];
export type Allowed = ArtworkDetail;
