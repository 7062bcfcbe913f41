/**
 * Server-rendered tabs made to switch in place without React (ADR 055): each tab is a link that works as
 * a page load, with `aria-controls` naming its panel. Here a click shows the panel and puts the link's
 * address in the bar (so a reload or a shared link opens the same tab), and the keys of the tabs pattern
 * move between tabs (arrows, Home, End). The look follows `aria-selected` in the markup's classes.
 */
import { tabIndexForKey } from "../tab-keys";

export function enhanceTabs(tablist: Element | null): void {
  if (!tablist) return;
  const tabs = [...tablist.querySelectorAll<HTMLAnchorElement>('a[role="tab"]')];
  const panelOf = (tab: HTMLAnchorElement) =>
    document.getElementById(tab.getAttribute("aria-controls") ?? "");

  const select = (chosen: HTMLAnchorElement, focus: boolean) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !selected;
    }
    history.replaceState(history.state, "", chosen.href);
    if (focus) chosen.focus();
  };

  for (const tab of tabs) {
    tab.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      select(tab, false);
    });
    tab.addEventListener("keydown", (event) => {
      const to = tabIndexForKey(event.key, tabs.indexOf(tab), tabs.length);
      const next = to === undefined ? undefined : tabs[to];
      if (!next) return;
      event.preventDefault();
      select(next, true);
    });
  }
}
