import { vi } from 'vitest';

/** Elements measure as `width` wide inside a `visible`-wide box (jsdom lays nothing out). */
export function layOut(width: number, visible: number): () => void {
  const scroll = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(width);
  const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(visible);
  return () => {
    scroll.mockRestore();
    client.mockRestore();
  };
}
