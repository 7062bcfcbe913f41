/**
 * Data-layer refusals as HTTP answers, in one place (ADRs 015, 016). Every feature function checks its
 * actor's permission and throws `NotAllowedError` when a route let the wrong person through.
 * Thrown from a loader or action, React Router would answer that with a 500 and log it as a crash; here
 * every route module's loader and action is wrapped once, when the server starts, so a refusal becomes
 * its 403 (or 404) response, which React Router renders in the area's error boundary with that status.
 * Middleware cannot do this (it only sees the finished response) and neither can `handleError` (it
 * cannot change the status).
 */
import type { ServerBuild } from "react-router";
import { noteRequestRefusal } from "~/lib/log.server";
import { isRefusal, refusalResponse } from "~/lib/permissions";

type DataFunction = (...args: never[]) => unknown;

/** The loader or action, with a refusal thrown as its 403/404 response. */
export function answeringRefusals<F extends DataFunction>(fn: F): F {
  const wrapped = async (...args: Parameters<F>) => {
    try {
      return await fn(...args);
    } catch (error) {
      if (isRefusal(error)) {
        // On the request's one log line, not a line of its own.
        noteRequestRefusal(`refused by the data layer (${error.permission ?? error.message})`);
        throw refusalResponse(error);
      }
      throw error;
    }
  };
  return wrapped as F;
}

/** The build with every route's loader and action answering refusals; nothing else changes. */
export function withRefusalAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: answeringRefusals(loader) } : {}),
        ...(action ? { action: answeringRefusals(action) } : {}),
      },
    };
  }
  return { ...build, routes };
}
