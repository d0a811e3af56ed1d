import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { MAX_BIO_LENGTH, MAX_LOCATION_LENGTH, MAX_NAME_LENGTH } from "../../../domain/profile";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { lazyModule } from "../../lib/lazy-module";
import type { ProfileFormValues } from "./profile-form";

/** The form's checks (the server's schema, and zod), downloaded as the form is reached. */
const profileRules = lazyModule(() => import("./profile-form"));

export type ProfileEditResult =
  { ok: true; error: null; message: string } | { ok: false; error: string } | undefined;

/**
 * The owner's Edit Profile section: a button opens the form in place. It posts to the
 * route's action; the shared schema checks it first in the browser. A refused edit
 * keeps the form open with what was typed (the inputs are never reset) and shows the
 * field's message; a saved one closes it and says so, and the page shows the new profile.
 */
export function ProfileEditSection({
  values,
  result,
}: {
  values: ProfileFormValues;
  result: ProfileEditResult;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [editing, setEditing] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const [seen, setSeen] = useState(result);
  // A new answer from the action: a saved edit closes the form (state set while rendering,
  // React's pattern for deriving state from a changed prop).
  if (result !== seen) {
    setSeen(result);
    if (result?.ok) setEditing(false);
  }
  const error = clientError ?? (result && !result.ok ? result.error : null);

  if (!editing) {
    return (
      <div className="profile-edit-toggle">
        <FormNotice message={result?.ok ? result.message : null} />
        <button
          type="button"
          className="button"
          aria-expanded="false"
          aria-controls="profile-edit"
          onClick={() => {
            profileRules.start();
            setClientError(null);
            setEditing(true);
          }}
        >
          Edit Profile
        </button>
      </div>
    );
  }

  return (
    <section id="profile-edit" className="profile-edit" aria-labelledby="profile-edit-heading">
      <h2 id="profile-edit-heading">Edit Profile</h2>
      <Form
        method="post"
        className="stack"
        noValidate
        preventScrollReset
        onFocus={profileRules.start}
        onPointerEnter={profileRules.start}
        onSubmit={(event) => {
          // Checked here once the checks have arrived; the server checks again either way.
          const rules = profileRules.get();
          const message = rules
            ? rules.profileFormError(rules.profileFormInput(new FormData(event.currentTarget)))
            : null;
          setClientError(message);
          if (message) event.preventDefault();
        }}
      >
        <div className="field-row">
          <label className="field">
            <span>First name</span>
            <input
              name="firstName"
              defaultValue={values.firstName}
              autoComplete="given-name"
              maxLength={MAX_NAME_LENGTH}
              required
              // The section opens on request; the first field takes the focus.
              autoFocus
            />
          </label>
          <label className="field">
            <span>Last name</span>
            <input
              name="lastName"
              defaultValue={values.lastName}
              autoComplete="family-name"
              maxLength={MAX_NAME_LENGTH}
              required
            />
          </label>
        </div>
        <label className="field">
          <span>Bio</span>
          <textarea name="bio" defaultValue={values.bio} rows={5} maxLength={MAX_BIO_LENGTH} />
        </label>
        <div className="field-row">
          <label className="field">
            <span>Birth year</span>
            <input
              name="birthYear"
              defaultValue={values.birthYear}
              inputMode="numeric"
              autoComplete="bday-year"
            />
          </label>
          <label className="field">
            <span>Location</span>
            <input
              name="location"
              defaultValue={values.location}
              maxLength={MAX_LOCATION_LENGTH}
              autoComplete="address-level2"
            />
          </label>
        </div>
        <div className="field-row">
          <label className="field">
            <span>Instagram handle</span>
            <input name="instagramHandle" defaultValue={values.instagramHandle} />
          </label>
          <label className="field">
            <span>Website</span>
            <input name="websiteURL" type="url" defaultValue={values.websiteURL} />
          </label>
        </div>
        <FormError message={error} />
        <div className="profile-edit-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Saving..." : "Save Profile"}
          </button>
          <button type="button" className="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </Form>
    </section>
  );
}
