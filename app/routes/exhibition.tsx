import { NotBuiltYet } from "../components/ui/not-built-yet";

export function meta() {
  return [{ title: "Exhibition · Vernissage" }];
}

export default function Page() {
  return <NotBuiltYet title="Exhibition" />;
}
