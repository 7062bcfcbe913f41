import type { useLoaderData } from "react-router";

/**
 * What a server function's result becomes when a loader sends it to the page: React Router's own
 * serialization type (the one `useLoaderData<typeof fn>()` returns; 7.x does not export `SerializeFrom`
 * by name). Components type their props with it from the feature's query, e.g.
 * `SerializeFrom<typeof getLead>`, instead of restating the query's shape by hand.
 */
export type SerializeFrom<F extends (...args: never[]) => unknown> = ReturnType<typeof useLoaderData<F>>;
