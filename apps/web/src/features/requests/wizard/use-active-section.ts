import { useCallback, useEffect, useRef, useState } from 'react';

/** Scroll-watch pauses this long after an anchor click (researcher §9). */
export const SCROLL_WATCH_PAUSE_MS = 1000;

/** The band's upper edge (below the sticky header and index) and its lower edge (mid-viewport). */
const BAND_TOP = 120;
const bandBottom = () => window.innerHeight * 0.5;

/**
 * When no section crosses the band (a short section scrolled past, or the top of the page): the
 * last section that starts above the band's lower edge, else the first one.
 */
function byPosition(ids: readonly string[]): string | null {
  let current = ids[0] ?? null;
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element && element.getBoundingClientRect().top <= bandBottom()) current = id;
  }
  return current;
}

/**
 * The section of a scrolling list that is in view, for an anchor index: an IntersectionObserver
 * watches the sections (by element id) and the first one crossing the upper part of the viewport
 * is active. After `jumpTo` (an anchor click) the clicked section is active and the watch pauses
 * for a second, so a smooth scroll past other sections does not flicker the index.
 */
export function useActiveSection(ids: readonly string[]) {
  const [chosen, setActive] = useState<string | null>(null);
  // A section that left the list (search, another view) gives way to the first one.
  const active = chosen && ids.includes(chosen) ? chosen : (ids[0] ?? null);
  const pausedUntil = useRef(0);
  const visible = useRef(new Set<string>());
  const key = ids.join('|');

  useEffect(() => {
    const sectionIds = key ? key.split('|') : [];
    if (typeof IntersectionObserver === 'undefined' || sectionIds.length === 0) return;
    visible.current = new Set();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.current.add(entry.target.id);
          else visible.current.delete(entry.target.id);
        }
        if (Date.now() < pausedUntil.current) return;
        setActive(sectionIds.find((id) => visible.current.has(id)) ?? byPosition(sectionIds));
      },
      // The band below the sticky header and index down to half the viewport.
      { rootMargin: `-${BAND_TOP}px 0px -50% 0px`, threshold: 0 },
    );
    for (const id of sectionIds) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key]);

  const jumpTo = useCallback((id: string) => {
    pausedUntil.current = Date.now() + SCROLL_WATCH_PAUSE_MS;
    setActive(id);
    const element = document.getElementById(id);
    if (!element) return;
    const reduce =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users continue from the section they chose.
    element.focus({ preventScroll: true });
  }, []);

  return { active, jumpTo };
}
