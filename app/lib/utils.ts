import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. There is no class merging (it would cost every page ~7 KB of JavaScript): a
 * component's classes and the ones callers add must not set the same property; sizes come from variants.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
