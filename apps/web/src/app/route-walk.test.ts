import { describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '@rrp/domain';
import { navigationFor, viewMenuFor } from '@/lib/navigation';
import { WALK_ACTORS } from '../../../../e2e/support/walk/actors';
import { WALK_SCREENS } from '../../../../e2e/support/walk/table';
import { ROUTES } from './route-table';

/**
 * The screen walk (e2e/support/walk, issue 30) opens every screen as every role that reaches it.
 * Its table is the journeys' data; this holds it against the route table and each role's
 * navigation, so a new route or a new link fails here until the walk opens it.
 */
const pattern = (route: string) => route.split('?')[0]!;
const walked = new Set(WALK_ACTORS.flatMap((actor) => actor.routes.map(pattern)));
const built = ROUTES.filter((route) => route.screen !== undefined).map((route) => route.path);

describe('the screen walk table', () => {
  it('lists every route with a screen, and only those', () => {
    expect(Object.keys(WALK_SCREENS).sort()).toEqual([...built].sort());
  });

  it('opens every listed screen except those it says why not', () => {
    const unwalked = Object.entries(WALK_SCREENS)
      .filter(([path, screen]) => !screen.notWalked && !walked.has(path))
      .map(([path]) => path);
    expect(unwalked).toEqual([]);
    const walkedAnyway = Object.entries(WALK_SCREENS)
      .filter(([path, screen]) => screen.notWalked && walked.has(path))
      .map(([path]) => path);
    expect(walkedAnyway).toEqual([]);
  });

  it('walks only routes it knows how to reach', () => {
    const unknown = WALK_ACTORS.flatMap((actor) =>
      actor.routes
        .filter((route) => !(pattern(route) in WALK_SCREENS))
        .map((route) => `${actor.key} ${route}`),
    );
    expect(unknown).toEqual([]);
  });

  it('signs in as every role’s demo account, which starts at home', () => {
    for (const role of ROLE_KEYS) {
      const own = WALK_ACTORS.find((actor) => actor.email === `${role}@demo.test` && actor.role === role);
      expect(own?.routes, role).toContain('/');
    }
  });

  it('opens every link of each role’s navigation, View menu and home tiles as that role', () => {
    const missing = ROLE_KEYS.flatMap((role) => {
      const nav = navigationFor(role, { abn_approved: false });
      const offered = [...nav.links, ...(nav.viewMenu ? viewMenuFor(role) : [])].map((link) => link.to);
      const routes = new Set(
        WALK_ACTORS.filter((actor) => actor.role === role).flatMap((actor) => actor.routes.map(pattern)),
      );
      return offered.filter((to) => !routes.has(to)).map((to) => `${role} ${to}`);
    });
    expect(missing).toEqual([]);
  });

  it('walks the role switcher and acting as a user', () => {
    expect(WALK_ACTORS.some((actor) => actor.switchTo)).toBe(true);
    expect(WALK_ACTORS.some((actor) => actor.actAs)).toBe(true);
  });
});
