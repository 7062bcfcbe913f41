/**
 * How many request-body bytes a route accepts. The server (server/request-guard.ts) counts bytes as they
 * arrive, chunked or not, and answers 413 past the limit. Ordinary forms get FORM_BODY_LIMIT; a route that
 * takes uploads declares its own in its `handle` export, and its body is streamed to the action instead of
 * being read whole first.
 */
export const FORM_BODY_LIMIT = 64 * 1024;

/** Room for the text fields and multipart boundaries on top of the uploaded file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface BodyLimitHandle {
  /** Largest body accepted; set only by routes that take file uploads. */
  uploadBodyLimit?: number;
  /**
   * Set by the public API's routes (/api/v1): JSON bodies up to this size, bearer keys instead of
   * cookies (so no Origin check: ADR 022), refusals as problem+json.
   */
  apiBodyLimit?: number;
}

/** The public API's largest request body (issue 14): 500 leads fit well under it. */
export const API_BODY_LIMIT = 1024 * 1024;

/** The body limit of an upload route whose files may be up to `fileBytes` each. */
export const uploadBodyLimit = (fileBytes: number, files = 1) => fileBytes * files + MULTIPART_OVERHEAD_BYTES;
