import { describe, expect, it } from 'vitest';
import type { Actor } from '@rrp/domain';
import { presentIrb } from '../project-facts/project-facts.service';
import { accessTypesOf, isEditableBy, subjectOfView } from './requests.presenter';

const owner: Actor = { userId: 1, role: 'primary_researcher', roles: ['primary_researcher'] };
const teammate: Actor = { userId: 2, role: 'primary_researcher', roles: ['primary_researcher'] };
const admin: Actor = { userId: 3, role: 'portal_admin', roles: ['portal_admin'] };
const reviewer: Actor = { userId: 4, role: 'portal_reviewer', roles: ['portal_reviewer'] };

const view = (statusId: number, callerIsMember = false) =>
  ({ request: { ownerId: 1, statusId }, callerIsMember }) as Parameters<typeof isEditableBy>[1];

describe('who may edit a request now (researcher §4)', () => {
  it('lets the owner edit a draft or a returned request only', () => {
    for (const status of [1, 6, 9]) expect(isEditableBy(owner, view(status))).toBe(true);
    for (const status of [2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14])
      expect(isEditableBy(owner, view(status))).toBe(false);
  });
  it('lets admins edit in any status, never teammates or reviewers', () => {
    expect(isEditableBy(admin, view(3))).toBe(true);
    expect(isEditableBy(teammate, view(6, true))).toBe(false);
    expect(isEditableBy(reviewer, view(6))).toBe(false);
    expect(isEditableBy(null, view(1))).toBe(false);
  });
  it('names the caller a team member only when they are on the project team', () => {
    expect(subjectOfView(view(2, true), teammate)).toEqual({
      ownerId: 1,
      teamMemberIds: [1, 2],
      reviewerIds: [],
    });
    expect(subjectOfView(view(2, false), teammate)).toEqual({
      ownerId: 1,
      teamMemberIds: [1],
      reviewerIds: [],
    });
  });
});

describe('request presenter helpers', () => {
  it('lists the channels a dataset offers', () => {
    expect(
      accessTypesOf({ globusGroupId: null, globusLocations: [], dataAccess: null, gpfAccessible: false }),
    ).toEqual([]);
    expect(
      accessTypesOf({ globusGroupId: 'g', globusLocations: [], dataAccess: 's3://x', gpfAccessible: true }),
    ).toEqual(['Globus', 'AWS', 'GPF']);
    expect(
      accessTypesOf({ globusGroupId: null, globusLocations: [{}], dataAccess: null, gpfAccessible: false }),
    ).toEqual(['Globus']);
  });
  it("shows the project's IRB with its designation and dates", () => {
    const created = new Date('2026-01-01T00:00:00Z');
    expect(
      presentIrb({
        id: 5,
        name: 'irb.pdf',
        created,
        additionalData: { designation: '2', approval_date: '2025-01-01' },
      }),
    ).toEqual({
      id: 5,
      name: 'irb.pdf',
      designation: 2,
      approval_date: '2025-01-01',
      renewal_date: null,
      assurance_number: null,
      created: created.toISOString(),
    });
    expect(
      presentIrb({ id: 6, name: 'x', created, additionalData: { designation: 7 } }).designation,
    ).toBeNull();
  });
});
