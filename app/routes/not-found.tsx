import { data } from "react-router";
import { NOT_FOUND_TITLE, NotFoundPage } from "../components/not-found-page";

/** Any address no route knows: a 404 with its own title, and the way back. */
export function loader() {
  return data(null, { status: 404, statusText: "Not Found" });
}

export function meta() {
  return [{ title: NOT_FOUND_TITLE }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundPage />;
}
