import { Table } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * Whether a table's scroll viewport scrolls (a wide table on a phone, many chosen columns), kept
 * up to date as the table or the window changes size.
 */
export function useScrolls(): [RefObject<HTMLDivElement | null>, boolean] {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measure = () =>
      setScrolls(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return [viewport, scrolls];
}

/**
 * The viewport's props for a table that scrolls: a named region keyboards can reach and scroll
 * with the arrow keys, even when none of its cells holds a link (WCAG 2.1.1). A table that fits
 * adds no tab stop.
 */
export const scrollRegionProps = (scrolls: boolean, label: string) =>
  scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : undefined;

/** A table that scrolls sideways inside its card rather than widening the page on a phone. */
export function ScrollContainer({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  /** What the table shows, naming its scroll region. */
  label: string;
  children: ReactNode;
}) {
  const [viewport, scrolls] = useScrolls();
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportRef: viewport, viewportProps: scrollRegionProps(scrolls, label) }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
