import { RouteLoadError } from "../components/load-error";
import { alertsMessages as m } from "../features/alerts/alerts.messages";
import { loadSettings, settingsAction } from "../features/alerts/alerts.server";
import { SettingsPage } from "../features/alerts/settings-page";
import type { SettingsActionResult } from "../features/alerts/settings-page";
import { DevicesSection } from "../features/auth/devices-section";
import {
  type DevicesActionResult,
  devicesAction,
  isDevicesForm,
  loadDevices,
} from "../features/auth/devices.server";
import { DataRightsSection } from "../features/data-rights/data-rights-section";
import {
  type DataRightsActionResult,
  dataRightsAction,
  isDataRightsForm,
  loadDataRights,
} from "../features/data-rights/data-rights.server";
import { TwoStepSection } from "../features/auth/two-step-section";
import { EmailSection } from "../features/auth/email-section";
import {
  type EmailChangeActionResult,
  emailChangeAction,
  isEmailChangeForm,
} from "../features/auth/email-change.server";
import {
  type TwoStepActionResult,
  isTwoStepForm,
  twoStepAction,
} from "../features/auth/two-step.server";
import { twoStepMessages } from "../../domain/auth-messages";
import type { Route } from "./+types/profile-settings";

export function meta() {
  return [{ title: "Alerts and e-mail · Vernissage" }, { name: "robots", content: "noindex" }];
}

/**
 * The signed-in person's alerts, e-mail preferences, time zone, signed-in devices, their
 * data and closing their account; signed out → /signin.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await loadSettings(context, request);
  const viewer = await context.services.auth.getSessionUser(request.headers);
  // An admin sent here by the console (decision 0057) is told why.
  const required =
    new URL(request.url).searchParams.get("two-step") === "required" && viewer?.role === "admin"
      ? twoStepMessages.adminRequired
      : null;
  return {
    ...settings,
    devices: await loadDevices(context, request),
    twoStep: { enabled: viewer?.twoFactorEnabled ?? false, required },
    email: viewer?.email ?? "",
    dataRights: await loadDataRights(context, request),
  };
}

/** The page's forms and the marketplace's "Create alert" (field `intent`). */
export async function action({ request, context }: Route.ActionArgs) {
  if (await isDevicesForm(request)) return devicesAction(context, request);
  if (await isDataRightsForm(request)) return dataRightsAction(context, request);
  if (await isTwoStepForm(request)) return twoStepAction(context, request);
  if (await isEmailChangeForm(request)) return emailChangeAction(context, request);
  return settingsAction(context, request);
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  // The devices' forms answer with intent "devices", which no other form of the page uses.
  const devicesResult =
    actionData && "intent" in actionData && actionData.intent === "devices"
      ? (actionData as DevicesActionResult)
      : undefined;
  const dataRightsResult =
    actionData && "intent" in actionData && actionData.intent === "data-rights"
      ? (actionData as DataRightsActionResult)
      : undefined;
  const twoStepResult =
    actionData && "intent" in actionData && actionData.intent === "two-step"
      ? (actionData as TwoStepActionResult)
      : undefined;
  const emailResult =
    actionData && "intent" in actionData && actionData.intent === "email"
      ? (actionData as EmailChangeActionResult)
      : undefined;
  return (
    <SettingsPage
      preferences={loaderData.preferences}
      timeZone={loaderData.timeZone}
      timeZones={loaderData.timeZones}
      alerts={loaderData.alerts}
      result={
        devicesResult || dataRightsResult || twoStepResult || emailResult
          ? undefined
          : (actionData as SettingsActionResult | undefined)
      }
    >
      <EmailSection email={loaderData.email} result={emailResult} />
      <TwoStepSection
        enabled={loaderData.twoStep.enabled}
        required={loaderData.twoStep.required}
        result={twoStepResult}
      />
      <DevicesSection devices={loaderData.devices} result={devicesResult} />
      <DataRightsSection
        rights={loaderData.dataRights}
        result={dataRightsResult}
        twoStepOn={loaderData.twoStep.enabled}
      />
    </SettingsPage>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError fallback={m.loadFailed} />;
}
