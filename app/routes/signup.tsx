import { useRef, useState } from "react";
import {
  Form,
  Link,
  type ShouldRevalidateFunctionArgs,
  data,
  redirect,
  useActionData,
  useLocation,
  useNavigate,
  useNavigation,
} from "react-router";
import { formText } from "../lib/form-text";
import { readForm } from "../lib/read-form.server";
import { FormError } from "../components/ui/form-message";
import { redirectIfSignedIn } from "../lib/require-user.server";
import { collectAfterSignIn } from "../lib/collectors.server";
import { safeRedirectPath } from "../../domain/safe-path";
import { authMessages } from "../../domain/auth-messages";
import { signUpSchema } from "../../contracts/auth.contract";
import { lazyModule } from "../lib/lazy-module";
import { AlertDialog } from "../components/ui/alert-dialog";
import { actionError } from "../lib/loader-errors.server";
import { cookieHeaders, requestMeta } from "../features/auth/request-meta.server";
import { validInput } from "../lib/valid-input.server";
import { useBrowserTimeZone } from "../lib/time-zone";
import { timeZoneFromCookie } from "../lib/time-zone.server";
import { authSwitchPath } from "../lib/auth-switch";
import type { Route } from "./+types/signup";

export function meta() {
  return [
    { title: "Sign up · Vernissage" },
    { name: "description", content: "Create a Vernissage account." },
  ];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return redirectIfSignedIn(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const input = formInput(await readForm(request));
  // Without JavaScript the form sends no zone: the one the browser's cookie holds, if any.
  input.timeZone ||= timeZoneFromCookie(request.headers.get("cookie")) ?? "";
  try {
    const { user, setCookies } = await context.services.auth.signUp(
      validInput(signUpSchema, input),
      requestMeta(request, context),
    );
    // A visitor who pressed a heart or Follow and chose to sign up gets it done
    // too, and goes back to the page they were on (`next`, a same-site path only).
    const params = new URL(request.url).searchParams;
    await collectAfterSignIn(context, user.id, params);
    if (user.pendingOccupation === "artist") {
      return data({ pendingArtist: true as const }, { headers: cookieHeaders(setCookies) });
    }
    return redirect(safeRedirectPath(params.get("next")), { headers: cookieHeaders(setCookies) });
  } catch (error) {
    return actionError(context, error, {
      fallback: authMessages.signUpFailed,
      log: "A sign-up failed",
    });
  }
}

/** After an artist applies we stay here to show the pending-review alert. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "pendingArtist" in actionResult)
    return false;
  return defaultShouldRevalidate;
}

function formInput(form: FormData) {
  const text = (name: string) => formText(form, name);
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    password: text("password"),
    occupation: text("occupation") === "artist" ? ("artist" as const) : ("collector" as const),
    instagramHandle: text("instagramHandle"),
    websiteURL: text("websiteURL"),
    acceptTerms: form.get("acceptTerms") === "on",
    timeZone: text("timeZone"),
  };
}

/** The sign-up rules (and zod), downloaded as the form is reached (decision 0034). */
const signUpRules = lazyModule(() => import("../../contracts/auth.contract"));

export default function SignUp() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const busy = navigation.state !== "idle";
  const [clientError, setClientError] = useState<string | null>(null);
  const [occupation, setOccupation] = useState<"collector" | "artist">("collector");
  const formRef = useRef<HTMLFormElement>(null);
  const serverError = result && "error" in result ? result.error : null;
  const error = clientError ?? serverError;
  const pendingArtist = Boolean(result && "pendingArtist" in result);
  const browserZone = useBrowserTimeZone();

  return (
    <section className="auth-card auth-card-wide">
      <h1>Create an account</h1>
      <Form
        ref={formRef}
        method="post"
        className="stack"
        noValidate
        onFocus={signUpRules.start}
        onPointerEnter={signUpRules.start}
        onSubmit={(event) => {
          // Checked here when the rules have arrived (they load as the form is reached);
          // the server checks again either way, with the same messages.
          const rules = signUpRules.get();
          const parsed = rules?.signUpSchema.safeParse(
            formInput(new FormData(event.currentTarget)),
          );
          const message =
            rules && parsed && !parsed.success ? rules.firstMessage(parsed.error) : null;
          setClientError(message);
          if (message) event.preventDefault();
        }}
      >
        {/* The times in the person's e-mails are in this zone; settings can change it. */}
        <input type="hidden" name="timeZone" value={browserZone} />
        <div className="field-row">
          <label className="field">
            <span>First name</span>
            <input name="firstName" autoComplete="given-name" required />
          </label>
          <label className="field">
            <span>Last name</span>
            <input name="lastName" autoComplete="family-name" required />
          </label>
        </div>
        <label className="field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={6}
            required
            aria-describedby="password-hint"
          />
          <small id="password-hint">At least 6 characters.</small>
        </label>
        <fieldset className="field choice-group">
          <legend>I am joining as</legend>
          <label className="choice">
            <input
              type="radio"
              name="occupation"
              value="collector"
              checked={occupation === "collector"}
              onChange={() => setOccupation("collector")}
            />
            <span>A collector</span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name="occupation"
              value="artist"
              checked={occupation === "artist"}
              onChange={() => setOccupation("artist")}
            />
            <span>An artist (apply to sell; our team reviews applications)</span>
          </label>
        </fieldset>
        <label className="field">
          <span>Instagram handle{occupation === "artist" ? "" : " (optional)"}</span>
          <input name="instagramHandle" autoComplete="off" placeholder="@yourhandle" />
        </label>
        <label className="field">
          <span>Website URL{occupation === "artist" ? "" : " (optional)"}</span>
          <input name="websiteURL" type="url" autoComplete="url" placeholder="https://" />
        </label>
        {occupation === "artist" ? (
          <p className="hint">Artists must give an Instagram handle or a website.</p>
        ) : null}
        {/* The policies open in a new tab, so the form keeps what was typed. */}
        <label className="choice">
          <input type="checkbox" name="acceptTerms" aria-describedby="signup-terms-hint" />
          <span>
            I agree to the{" "}
            <Link to="/terms" target="_blank" rel="noopener">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to="/privacy" target="_blank" rel="noopener">
              Privacy Policy
            </Link>
            .
          </span>
        </label>
        <p id="signup-terms-hint" className="hint">
          The Terms of Service and the Privacy Policy open in a new tab.
        </p>
        <FormError message={error} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Creating account..." : "Sign Up"}
        </button>
      </Form>
      <p className="auth-switch">
        Already have an account?{" "}
        <Link to={authSwitchPath("/signin", location.search)}>Sign in</Link>
      </p>
      {pendingArtist ? (
        <AlertDialog title="Application received" onClose={() => navigate("/")}>
          {authMessages.artistPending}
        </AlertDialog>
      ) : null}
    </section>
  );
}
