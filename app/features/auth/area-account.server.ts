import type { AreaAccount } from "~/components/layout/area-frame";
import { personName, type Actor } from "~/lib/actor";
import { can } from "~/lib/permissions";
import { site } from "~/lib/site";
import type { Area } from "./access.server";

/**
 * The signed-in person as a signed-in area's account menu shows them: in the client portal by their
 * company, elsewhere by their name; with their profile, the other area they may enter, and the public site.
 */
export function areaAccount(actor: Actor, area: Area): AreaAccount {
  const name = personName(actor);
  return {
    name: area === "client" ? actor.profile?.companyName || name : name,
    email: actor.email,
    links: [
      { to: "/account", label: "Account" },
      ...(area === "admin" && can(actor, "area:client") ? [{ to: "/client", label: "Client portal" }] : []),
      ...(area === "client" && can(actor, "area:admin") ? [{ to: "/admin", label: "Admin" }] : []),
      { to: "/", label: `${site.name} website` },
    ],
  };
}
