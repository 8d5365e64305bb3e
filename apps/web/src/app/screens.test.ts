import { describe, expect, it } from 'vitest';
import { ROUTES } from './route-table';
import { SCREENS } from './screens';

describe('the route table and the screens it names', () => {
  it('names only screens that exist', () => {
    const named = ROUTES.flatMap((route) => (route.screen ? [route.screen] : []));
    expect(named.filter((name) => !(name in SCREENS))).toEqual([]);
  });

  it('leaves no screen without a route', () => {
    const named = new Set(ROUTES.map((route) => route.screen));
    expect(Object.keys(SCREENS).filter((name) => !named.has(name))).toEqual([]);
  });
});
