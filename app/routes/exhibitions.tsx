import { NotBuiltYet } from "../components/ui/not-built-yet";

export function meta() {
  return [{ title: "Exhibitions · Vernissage" }];
}

export default function Page() {
  return <NotBuiltYet title="Exhibitions" />;
}
