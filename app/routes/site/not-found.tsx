import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { staticPage } from "~/lib/hydration";

/** Any unknown path: the not-found page with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [
  { title: "Page not found | Leadworks" },
  { name: "robots", content: "noindex, nofollow" },
];

/** Complete as server HTML: no client JavaScript for anonymous visitors (lib/hydration.ts). */
export const handle = staticPage;

export default function NotFoundRoute() {
  return <NotFound />;
}
