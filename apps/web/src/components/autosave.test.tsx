import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AUTOSAVE_DELAY_MS, useAutosave } from './autosave';

type Patch = { notes?: string; block?: { score?: number; comment?: string } };

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, 1 s after the last change, with the changes merged', async () => {
    const save = vi.fn(async (_patch: Partial<Patch>) => undefined);
    const { result } = renderHook(() => useAutosave<Patch>(save));
    act(() => result.current.queue({ block: { score: 3 } }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    act(() => result.current.queue({ block: { comment: 'clear aims' }, notes: 'a' }));
    act(() => result.current.queue({ notes: 'ab' }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    expect(save).not.toHaveBeenCalled();
    expect(result.current.state).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(save).toHaveBeenCalledExactlyOnceWith({ block: { score: 3, comment: 'clear aims' }, notes: 'ab' });
    expect(result.current.state).toBe('saved');
  });

  it('keeps what a failed save carried and sends it with the next change', async () => {
    const save = vi
      .fn<(patch: Partial<Patch>) => Promise<undefined>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const { result } = renderHook(() => useAutosave<Patch>(save));
    act(() => result.current.queue({ block: { score: 4 } }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(result.current.state).toBe('error');
    expect(result.current.error).toBe('The changes could not be saved.');
    act(() => result.current.queue({ notes: 'later' }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(save).toHaveBeenLastCalledWith({ block: { score: 4 }, notes: 'later' });
    expect(result.current.state).toBe('saved');
  });

  it('sends one save at a time: a change made while one is on its way goes in the next', async () => {
    let finishFirst: () => void = () => undefined;
    const save = vi
      .fn<(patch: Partial<Patch>) => Promise<void>>()
      .mockImplementationOnce(() => new Promise((done) => (finishFirst = done)))
      .mockResolvedValue(undefined);
    const { result } = renderHook(() => useAutosave<Patch>(save));
    act(() => result.current.queue({ notes: 'first' }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(result.current.state).toBe('saving');
    act(() => result.current.queue({ notes: 'second' }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3));
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finishFirst());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ notes: 'second' });
    expect(result.current.state).toBe('saved');
  });

  it('flush sends what is waiting without the pause', async () => {
    const save = vi.fn(async (_patch: Partial<Patch>) => undefined);
    const { result } = renderHook(() => useAutosave<Patch>(save));
    act(() => result.current.queue({ notes: 'now' }));
    await act(() => result.current.flush());
    expect(save).toHaveBeenCalledExactlyOnceWith({ notes: 'now' });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
