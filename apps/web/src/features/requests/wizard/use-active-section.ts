import { useCallback, useEffect, useRef, useState } from 'react';

/** Scroll-watch pauses this long after an anchor click (researcher §9). */
export const SCROLL_WATCH_PAUSE_MS = 1000;

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
        const first = sectionIds.find((id) => visible.current.has(id));
        if (first) setActive(first);
      },
      // The band from the top of the viewport down to 40% of its height.
      { rootMargin: '0px 0px -60% 0px', threshold: 0 },
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
