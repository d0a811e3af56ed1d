import { NotBuiltYet } from "../components/ui/not-built-yet";

export function meta() {
  return [{ title: "Artist · Vernissage" }];
}

export default function Page() {
  return <NotBuiltYet title="Artist profile" />;
}
