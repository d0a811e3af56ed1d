import { redirect } from "react-router";
import { NotBuiltYet } from "../components/ui/not-built-yet";
import type { Route } from "./+types/profile-user";

export function meta() {
  return [{ title: "Profile · Vernissage" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await context.services.authService.getSessionUser(request.headers);
  if (user && user.id === params.userId) throw redirect("/profile");
  return null;
}

export default function UserProfile() {
  return <NotBuiltYet title="Profile" />;
}
