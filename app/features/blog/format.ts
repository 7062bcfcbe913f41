/** "December 18, 2024" from an ISO date, independent of the server's time zone. */
export function formatArticleDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export const readTimeLabel = (minutes: number) => `${minutes} min read`;
