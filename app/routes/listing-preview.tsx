import { NotBuiltYet } from "../components/ui/not-built-yet";

export function meta() {
  return [{ title: "Listing preview · Vernissage" }];
}

export default function Page() {
  return <NotBuiltYet title="Listing preview" />;
}
