import type { Route } from "./+types/verify-email";
import { handleConfirmationLink } from "~/features/auth/auth-action.server";

/** The link of the confirmation e-mail: confirms, then shows the sign-in form with a toast. */
export const loader = ({ request }: Route.LoaderArgs) => handleConfirmationLink(request);
