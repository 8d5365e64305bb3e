import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { LIMITS } from '@rrp/domain';
import { useListControls } from './list-controls';

describe('useListControls', () => {
  it('starts on the first page with the ordering and page size given', () => {
    const { result } = renderHook(() => useListControls('-created', 25));
    expect(result.current.state).toEqual({ page: 1, pageSize: 25, ordering: '-created' });
    expect(renderHook(() => useListControls('name')).result.current.state.pageSize).toBe(
      LIMITS.table.pageSize,
    );
  });

  it('goes back to the first page when the search or a filter changes, and keeps the ordering', () => {
    const { result } = renderHook(() => useListControls('name'));
    act(() => result.current.setState((previous) => ({ ...previous, page: 4, ordering: '-name' })));
    act(() => result.current.setSearch('autism'));
    expect(result.current.state).toMatchObject({ page: 1, ordering: '-name' });
    expect(result.current.searchText).toBe('autism');

    let chosen: string[] = [];
    act(() => result.current.setState((previous) => ({ ...previous, page: 3 })));
    act(() => result.current.filter((value: string[]) => (chosen = value))(['1', '2']));
    expect(chosen).toEqual(['1', '2']);
    expect(result.current.state.page).toBe(1);
  });

  it('sends the search to the server only once typing pauses', async () => {
    const { result } = renderHook(() => useListControls('name'));
    act(() => result.current.setSearch('a'));
    act(() => result.current.setSearch('au'));
    expect(result.current.search).toBe('');
    await waitFor(() => expect(result.current.search).toBe('au'), {
      timeout: LIMITS.search.debounceMs + 1000,
    });
  });
});
