import { NotBuiltYet } from "../components/ui/not-built-yet";

export function meta() {
  return [{ title: "Purchase confirmation · Vernissage" }];
}

export default function Page() {
  return <NotBuiltYet title="Thank you for your purchase" />;
}
