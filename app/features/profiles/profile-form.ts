import { type ProfileUpdateInput, profileUpdateSchema } from "../../../contracts/profiles.contract";
import { formText } from "../../lib/form-text";

/** What the owner's edit form holds, as typed text. */
export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  bio: string;
  birthYear: string;
  location: string;
  instagramHandle: string;
  websiteURL: string;
};

/** The edit form's fields as the PATCH body schema reads them (blank clears a field). */
export function profileFormInput(form: FormData): ProfileUpdateInput {
  const text = (name: keyof ProfileFormValues) => formText(form, name);
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    bio: text("bio"),
    birthYear: text("birthYear"),
    location: text("location"),
    instagramHandle: text("instagramHandle"),
    websiteURL: text("websiteURL"),
  };
}

/**
 * The same check the server makes (one schema for both sides), so most mistakes are
 * shown without a round trip: the first failing field's message, or null.
 */
export function profileFormError(input: ProfileUpdateInput): string | null {
  const parsed = profileUpdateSchema.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
