/**
 * Cookies that make a page personal (a session, a one-time flash message). A request that carries one
 * is rendered for that visitor instead of being answered from the page cache.
 */
export const SESSION_COOKIE_PREFIX = "leadworks";
export const FLASH_COOKIE = "leadworks_flash";

const personalCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}[._]`);

export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && personalCookie.test(cookieHeader);
}
