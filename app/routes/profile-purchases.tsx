import { NotBuiltYet } from "../components/ui/not-built-yet";
import { requireUser } from "../features/auth/require-user.server";
import type { Route } from "./+types/profile-purchases";

export function meta() {
  return [{ title: "Purchase history · Vernissage" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Purchases() {
  return <NotBuiltYet title="Purchase history" />;
}
