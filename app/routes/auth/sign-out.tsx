import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { handleSignOutPost } from "~/features/auth/auth-action.server";

/** Sign-out is a POST (header menu, admin area); a plain visit just goes home. */
export const loader = () => redirect("/");

export const action = ({ request }: Route.ActionArgs) => handleSignOutPost(request);
