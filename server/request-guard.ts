/**
 * What the server checks before a request reaches React Router, so that malformed or hostile requests get
 * a short 4xx instead of an exception: the path must decode, the method must be one the route answers
 * (405 with Allow otherwise), a mutation must come from our own origin, a form body must be a form
 * (415 otherwise) and must fit the route's body limit, counted as the bytes arrive (413).
 */
import type { IncomingMessage } from "node:http";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { FORM_BODY_LIMIT, type BodyLimitHandle } from "~/lib/body-limit";
import type { ProblemKind } from "~/lib/problem";

export interface Refusal {
  status: 400 | 403 | 404 | 405 | 413 | 415;
  message: string;
  headers?: Record<string, string>;
  /** Why, for the one log line: never the body, at most a short reason. */
  reason: string;
  /** The route pattern the request was for, when the path decoded (logs, metrics). */
  route?: string;
  /** For the public API: answered as application/problem+json of this kind. */
  problem?: ProblemKind;
}

/** What the route table says about a path: whether it takes POSTs and how large a body may be. */
export interface RouteFacts {
  /** False for the catch-all not-found route. */
  known: boolean;
  /** A .data request for a resource route: only its action (a form's POST) answers it. */
  resourceData: boolean;
  acceptsPost: boolean;
  /** Set for routes that take uploads: their body streams to the action under this limit. */
  uploadLimit?: number;
  /** The matched route's path pattern (`/admin/leads/:id`, `/*` for the not-found page): logs, metrics. */
  pattern: string;
  /** Set for the public API's routes (/api/v1): JSON bodies under this limit, bearer keys, problem+json. */
  apiLimit?: number;
}

/** Answers "which route would handle this POST" the way React Router picks an action's target. */
export function routeFactsFor(build: ServerBuild) {
  const byParent = new Map<string | undefined, NonNullable<ServerBuild["routes"][string]>[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);

  // matchRoutes flattens and ranks the whole route table on every call: the facts of recent paths are
  // kept (the API's POST /api/v1/leads, a form's page), at most FACTS_CACHED of them.
  const cache = new Map<string, RouteFacts>();
  return (pathname: string, search: URLSearchParams): RouteFacts => {
    const cacheKey = search.has("index") ? `${pathname}?index` : pathname;
    const known = cache.get(cacheKey);
    if (known) return known;
    const facts = computeFacts(pathname, search);
    if (cache.size >= FACTS_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(cacheKey, facts);
    return facts;
  };

  function computeFacts(pathname: string, search: URLSearchParams): RouteFacts {
    // Single-fetch data requests name the page they are for: /x.data, /_root.data for "/".
    let page = pathname;
    if (page.endsWith(".data")) page = page === "/_root.data" ? "/" : page.slice(0, -".data".length);
    const matches = matchRoutes(routes, page) ?? [];
    const leaf = matches.at(-1);
    // React Router posts to an index route only with ?index; otherwise to the deepest route with a path.
    const target =
      leaf?.route.index && search.has("index")
        ? leaf
        : matches.filter((match, i) => i === 0 || (match.route.path ?? "") !== "").at(-1);
    const module = target?.route.id ? build.routes[target.route.id]?.module : undefined;
    const handle = module?.handle as BodyLimitHandle | undefined;
    const resource = leaf?.route.id ? !build.routes[leaf.route.id]?.module.default : false;
    const pieces = matches
      .map((match) => match.route.path)
      .filter((piece): piece is string => Boolean(piece));
    return {
      pattern: `/${pieces.join("/")}`,
      known: leaf !== undefined && leaf.route.path !== "*",
      // A page's data (.data) exists only for routes that render; a resource route (an event stream, a
      // download) is fetched as itself, though a <Form> posts to its action as /x.data (sign-out).
      resourceData: resource && page !== pathname,
      acceptsPost: typeof module?.action === "function",
      uploadLimit: handle?.uploadBodyLimit,
      apiLimit: handle?.apiBodyLimit,
    };
  }
}

/** Paths whose route facts are remembered (each a few hundred bytes). */
const FACTS_CACHED = 1_000;

const JSON_TYPE = /^application\/([\w.+-]+\+)?json(\s*;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded(\s*;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data(\s*;|$)/i;
/** RFC 2046: a boundary is 1 to 70 characters. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(;|$)/i;

function isForeignOrigin(origin: string | undefined, host: string | undefined, siteUrl: string): boolean {
  if (origin === undefined) return false; // not a browser; browsers send Origin on every POST
  if (origin === "null") return true; // sandboxed frames, file: pages, redirects from elsewhere
  if (origin === siteUrl) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** A "." or ".." segment, its dots raw or percent-encoded, between slashes or backslashes. */
const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?=[/\\]|$)/i;
/** A slash or backslash percent-encoded inside a segment. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

const badAddress = (reason: string): Refusal => ({
  status: 400,
  message: "Bad request: the address is not valid.",
  reason,
});

/**
 * Checks the request line and headers. Returns a refusal, or the route's facts and the body limit to
 * enforce while the body is read.
 *
 * The route is found from the pathname React Router will see: the URL parser's (app.ts builds the
 * Request from our origin and req.url), matched as React Router matches it. A dot segment, which that
 * parser resolves (`/api/v1/../../auth` runs `/auth`), or an encoded slash, which servers and proxies
 * read differently, is refused outright: no link of ours has one, and browsers resolve dot segments
 * before they send a request.
 */
export function checkRequest(
  req: IncomingMessage,
  routeFacts: (pathname: string, search: URLSearchParams) => RouteFacts,
  siteUrl: string,
): Refusal | { facts: RouteFacts; bodyLimit: number } {
  const rawUrl = req.url ?? "/";
  if (!rawUrl.startsWith("/")) return badAddress("request target");
  const queryAt = rawUrl.indexOf("?");
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (DOT_SEGMENT.test(rawPath) || ENCODED_SEPARATOR.test(rawPath)) {
    return badAddress("dot segment or encoded slash in path");
  }
  let url: URL;
  let decoded: string;
  try {
    url = new URL(`http://localhost${rawUrl}`);
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return badAddress("percent-encoding");
  }
  if (decoded.includes("\0")) return badAddress("NUL in path");

  const facts = routeFacts(url.pathname, url.searchParams);
  // No link or form of ours puts a NUL in a query, and PostgreSQL text cannot hold one: refused here for
  // every route at once, rather than by each search box and filter.
  if (/%00/i.test(url.search)) {
    return {
      ...badAddress("NUL in query"),
      route: facts.pattern,
      ...(facts.apiLimit !== undefined ? { problem: "bad-request" as const } : {}),
    };
  }
  const checked = checkForRoute(req, facts, siteUrl);
  return isRefusal(checked) ? { ...checked, route: facts.pattern } : checked;
}

/** The checks that depend on the route the path names. */
function checkForRoute(
  req: IncomingMessage,
  facts: RouteFacts,
  siteUrl: string,
): Refusal | { facts: RouteFacts; bodyLimit: number } {
  const method = req.method ?? "GET";
  const allow = facts.acceptsPost ? "GET, HEAD, POST" : "GET, HEAD";
  if (method === "GET" || method === "HEAD") {
    if (facts.resourceData) {
      return { status: 404, message: "Not found.", reason: "data request for a resource route" };
    }
    return { facts, bodyLimit: 0 };
  }
  if (method !== "POST") {
    return {
      status: 405,
      message: "Method not allowed.",
      headers: { Allow: allow },
      reason: `method ${method.slice(0, 20)}`,
      ...(facts.apiLimit !== undefined ? { problem: "method-not-allowed" as const } : {}),
    };
  }
  if (facts.apiLimit !== undefined) {
    // The API is called by its own path, never as a page's data request (React Router would answer one
    // with its own cross-site check, logged as a server error).
    if (facts.resourceData) {
      return { status: 404, message: "Not found.", reason: "data request for the API", problem: "not-found" };
    }
    return checkApiPost(req, facts, facts.apiLimit);
  }
  if (
    isForeignOrigin(req.headers.origin, req.headers.host, siteUrl) ||
    req.headers["sec-fetch-site"] === "cross-site"
  ) {
    return { status: 403, message: "Cross-site request refused.", reason: "origin" };
  }
  if (!facts.known) return { status: 404, message: "Not found.", reason: "POST to unknown path" };
  if (!facts.acceptsPost) {
    return { status: 405, message: "Method not allowed.", headers: { Allow: allow }, reason: "no action" };
  }
  const type = req.headers["content-type"] ?? "";
  const multipart = MULTIPART_TYPE.test(type);
  if (!FORM_TYPE.test(type) && !multipart) {
    return {
      status: 415,
      message: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
      reason: `content-type ${type.slice(0, 60)}`,
    };
  }
  if (multipart && !BOUNDARY.test(type)) {
    return { status: 400, message: "Bad request: the form could not be read.", reason: "multipart boundary" };
  }
  const bodyLimit = facts.uploadLimit ?? FORM_BODY_LIMIT;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > bodyLimit) {
    return tooLarge(bodyLimit);
  }
  return { facts, bodyLimit };
}

/**
 * A POST to the public API: JSON, under the API's limit. No Origin check: the API authenticates with
 * a bearer key that a browser never sends on its own, and reads no cookie, so a cross-site page cannot
 * make a request on someone's behalf (ADR 022).
 */
function checkApiPost(
  req: IncomingMessage,
  facts: RouteFacts,
  bodyLimit: number,
): Refusal | { facts: RouteFacts; bodyLimit: number } {
  if (!facts.acceptsPost) {
    return {
      status: 405,
      message: "Method not allowed.",
      headers: { Allow: "GET, HEAD" },
      reason: "no action",
      problem: "method-not-allowed",
    };
  }
  const type = req.headers["content-type"] ?? "";
  if (!JSON_TYPE.test(type)) {
    return {
      status: 415,
      message: "Send the body as application/json.",
      reason: `content-type ${type.slice(0, 60)}`,
      problem: "unsupported-media-type",
    };
  }
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > bodyLimit) return tooLarge(bodyLimit, true);
  return { facts, bodyLimit };
}

export function tooLarge(limit: number, api = false): Refusal {
  return {
    status: 413,
    message: `The request is too large (the limit is ${formatBytes(limit)}).`,
    reason: `body over ${limit} bytes`,
    ...(api ? { problem: "payload-too-large" as const } : {}),
  };
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

export function isRefusal(value: Refusal | { facts: RouteFacts }): value is Refusal {
  return "status" in value;
}
