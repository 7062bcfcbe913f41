/**
 * Data-layer refusals through React Router's own request handler (ADR 015): a route that lets the wrong
 * person reach a feature function (its guard forgotten) gets the refusal's 403, or 404 where it says so,
 * for page loads, data requests and form posts, never a 500. The routes here are stand-ins for such a
 * route; the feature functions and the server's wrapper are the real ones. Without the wrapper the same
 * requests are 500s, which shows what the wrapper is for.
 */
import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { handleFeedbackPost, handleLeadPost } from "~/features/leads/lead-actions.server";
import { getLead } from "~/features/leads/lead-queries.server";
import { getClientLead } from "~/features/leads/client-leads.server";
import type { Actor } from "~/lib/actor";
import { NOT_ALLOWED_MESSAGE, NotAllowedError, permissionsOf } from "~/lib/permissions";
import { withRefusalAnswers } from "../../server/refusals";

const ORIGIN = "http://leadworks.test";
const LEAD = "00000000-0000-4000-8000-00000000beef";

const actor = (roles: Actor["roles"]): Actor => ({
  id: "00000000-0000-4000-8000-0000000000aa",
  email: "someone@example.com",
  name: "Someone",
  sessionId: "session",
  kind: "user",
  roles,
  clientId: roles.includes("client") ? "00000000-0000-4000-8000-0000000000aa" : null,
  companyRole: roles.includes("client") ? "owner" : null,
  permissions: permissionsOf(roles),
  profile: null,
});
const client = actor(["client"]);
const admin = actor(["admin"]);

type Args = { request: Request; params: Record<string, string> };
type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
// Stand-in route modules: a component, and loaders and actions typed for what they use.
const page = (module: object) => ({ default: () => null, ...module }) as unknown as RouteModule;

/** Routes whose guards let the wrong person through, each calling the real feature code. */
const routeModules: Record<string, { path: string; module: RouteModule }> = {
  // A client on the admin's lead page, and its posts (status change through the real action handler).
  "admin-lead": {
    path: "admin/leads/:id",
    module: page({
      loader: ({ params }: Args) => getLead(client, params.id!),
      action: ({ request, params }: Args) => handleLeadPost(request, client, params.id!),
    }),
  },
  // An admin without the client role on a portal page, and its feedback post.
  "client-lead": {
    path: "client/leads/:id",
    module: page({
      loader: ({ params }: Args) => getClientLead(admin, params.id!),
      action: ({ request, params }: Args) => handleFeedbackPost(request, admin, params.id!),
    }),
  },
  // A refusal that must not even confirm the record exists.
  secret: {
    path: "secret",
    module: page({
      loader: () => {
        throw new NotAllowedError("Not found", 404);
      },
    }),
  },
};

/** A server build of these routes under a root, as `react-router build` would make it. */
function buildOf(): ServerBuild {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: page({ ErrorBoundary: () => null }) },
  };
  for (const [id, { path, module }] of Object.entries(routeModules)) {
    routes[id] = { id, parentId: "root", path, module };
  }
  return {
    entry: {
      module: {
        // The document's status is what the page would be sent with; rendering is not the point here.
        default: (_request: Request, status: number) => new Response(`status ${status}`, { status }),
        // Without the wrapper React Router logs the refusal as a crash; that is the control case below.
        handleError: () => {},
      },
    },
    routes,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {},
      url: "/manifest.js",
      version: "test",
    },
    basename: "/",
    future: {},
    isSpaMode: false,
    ssr: true,
    prerender: [],
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

const answering = createRequestHandler(withRefusalAnswers(buildOf()), "production");
const unwrapped = createRequestHandler(buildOf(), "production");

const get = (path: string) => new Request(ORIGIN + path);
const post = (path: string, fields: Record<string, string>) =>
  new Request(ORIGIN + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });

describe("data-layer refusals", () => {
  const requests: [string, () => Request, number][] = [
    ["a client opening the admin's lead page", () => get(`/admin/leads/${LEAD}`), 403],
    ["the same page's data request", () => get(`/admin/leads/${LEAD}.data`), 403],
    [
      "a client posting a status change",
      () => post(`/admin/leads/${LEAD}`, { intent: "status", leadStatus: "dead" }),
      403,
    ],
    ["an admin without the client role opening a portal lead", () => get(`/client/leads/${LEAD}`), 403],
    [
      "an admin without the client role posting feedback",
      () => post(`/client/leads/${LEAD}`, { feedbackStatus: "interested", notes: "" }),
      403,
    ],
    ["a refusal that hides the record", () => get("/secret"), 404],
  ];

  it.each(requests)("answers %s with its refusal status, not 500", async (_label, request, status) => {
    const response = await answering(request());
    expect(response.status).toBe(status);
  });

  it("answers a data request with the refusal's message", async () => {
    const response = await answering(get(`/admin/leads/${LEAD}.data`));
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(NOT_ALLOWED_MESSAGE);
  });

  it.each(requests)("would answer %s with 500 without the wrapper", async (_label, request) => {
    const response = await unwrapped(request());
    expect(response.status).toBe(500);
  });
});
