import { type AppLoadContext, data, redirect } from "react-router";
import { type Device, changePasswordBodySchema } from "../../../contracts/auth.contract";
import { validInput } from "../../lib/valid-input.server";
import { cookieHeaders, requestMeta } from "./request-meta.server";
import { actionError } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";

/** The settings page's "Signed-in devices": its list, and its two forms (field `intent`). */

export const DEVICE_INTENTS = ["sign-out-device", "sign-out-others", "change-password"] as const;

export type DevicesActionResult =
  | { ok: true; intent: "devices"; message: string }
  | { ok: false; intent: "devices"; error: string };

/** The list, or null when it could not be read (the rest of the page still shows). */
export async function loadDevices(
  context: AppLoadContext,
  request: Request,
): Promise<Device[] | null> {
  try {
    return await context.services.devices.list(request.headers);
  } catch (error) {
    context.services.logger.error("The signed-in devices could not be read", { error });
    return null;
  }
}

/** True when the form is one of the devices' forms (read from a copy of the request). */
export async function isDevicesForm(request: Request): Promise<boolean> {
  const intent = (await readForm(request.clone())).get("intent");
  return (DEVICE_INTENTS as readonly unknown[]).includes(intent);
}

export async function devicesAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request);
  const { devices } = context.services;
  try {
    if (form.get("intent") === "change-password") {
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : "";
      };
      const viewer = await context.services.auth.getSessionUser(request.headers);
      if (!viewer) throw redirect("/signin?next=%2Fprofile%2Fsettings");
      const setCookies = await devices.changePassword(
        viewer.id,
        validInput(changePasswordBodySchema, {
          currentPassword: text("currentPassword"),
          newPassword: text("newPassword"),
        }),
        requestMeta(request, context),
      );
      return data<DevicesActionResult>(
        {
          ok: true,
          intent: "devices",
          message: "Your password is changed. Every other device was signed out.",
        },
        { headers: cookieHeaders(setCookies) },
      );
    }
    if (form.get("intent") === "sign-out-device") {
      const id = form.get("id");
      await devices.signOut(request.headers, typeof id === "string" ? id : "");
      return data<DevicesActionResult>({
        ok: true,
        intent: "devices",
        message: "That device is signed out.",
      });
    }
    const { signedOut } = await devices.signOutOthers(request.headers);
    return data<DevicesActionResult>({
      ok: true,
      intent: "devices",
      message:
        signedOut === 0
          ? "No other device was signed in."
          : `Signed out of ${signedOut} other device${signedOut === 1 ? "" : "s"}.`,
    });
  } catch (error) {
    const refusal = actionError(context, error, {
      fallback: "That could not be done. Please try again.",
      log: "A device or password change failed",
    });
    return data<DevicesActionResult>(
      { ok: false, intent: "devices", error: refusal.data.error },
      refusal.init ?? { status: 500 },
    );
  }
}
