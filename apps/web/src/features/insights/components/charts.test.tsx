import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { statusTick, wrapWords } from './charts';

describe('status axis labels', () => {
  it('break between words into the lines that fit, a long word whole', () => {
    const fits = (line: string) => line.length <= 10;
    expect(wrapWords('Revisions Requested', fits)).toEqual(['Revisions', 'Requested']);
    expect(wrapWords('Under Review', (line) => line.length <= 12)).toEqual(['Under Review']);
    expect(wrapWords('Approved (Pending Team)', fits)).toEqual(['Approved', '(Pending', 'Team)']);
  });

  it('read as the status name, words apart, however many lines they take', () => {
    // jsdom draws no canvas: the labels fall back to an average character's width.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const Tick = statusTick(60);
    const { container } = render(
      <svg>
        <Tick x={96} y={20} payload={{ value: 'Revisions Requested' }} />
      </svg>,
    );
    const label = container.querySelector('text')!;
    expect(label.querySelectorAll('tspan')).toHaveLength(2);
    expect(label.textContent).toBe('Revisions Requested');
  });
});
