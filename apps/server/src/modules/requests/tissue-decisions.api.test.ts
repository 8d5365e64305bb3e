import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  decisionOptions,
  DECISION_FLOWS,
  type RequestDecisions,
  type RequestDto,
  type RequestStatusId,
} from '@rrp/domain';
import { createRequest } from '../../db/factories';
import { requestReviewers, requests } from '../../db/schema';
import {
  setUpTissueRequestsApi,
  t,
  admin,
  manager,
  db,
  call,
  researcherWithProject,
} from './tissue-requests.api-test-setup';

setUpTissueRequestsApi();

describe('the tissue decision flow (staff §4.2), for administrators and tissue project managers', () => {
  it('offers each status’s decisions from the table and applies them', async () => {
    const owner = await researcherWithProject('Flow');
    // Entering review is Begin Review, which needs an assigned reviewer (decision 311).
    const reviewer = await t.createUser({ roles: ['abn_reviewer'] });
    for (const [from, targets] of Object.entries(DECISION_FLOWS.biospecimen)) {
      for (const [role, token] of [
        ['portal_admin', admin],
        ['abn_proj_mgr', manager],
      ] as const) {
        const request = await createRequest(db(), {
          projectId: owner.projectId,
          typeId: 8,
          statusId: Number(from),
          displayName: 'Tissue Request',
        });
        await db().insert(requestReviewers).values({ requestId: request.id, userId: reviewer.id });
        const options = (
          await call('GET', `/api/request/${request.id}/decisions/`, token)
        ).json<RequestDecisions>();
        expect(options.flow, `${role} from ${from}`).toBe('biospecimen');
        expect(options.options, `${role} from ${from}`).toEqual(
          decisionOptions('biospecimen', Number(from), options.team.complete),
        );
        const first = options.options[0];
        if (!first) {
          expect(targets).toEqual([]);
          continue;
        }
        const decided = await call('POST', `/api/request/${request.id}/decision/`, token, {
          status: first.status,
        });
        expect(decided.statusCode, `${role} ${from} -> ${first.status}: ${decided.body}`).toBe(200);
        expect(decided.json<RequestDto>().status).toBe(first.status as RequestStatusId);
      }
    }
  });

  it('refuses a decision the table does not offer, changing nothing', async () => {
    const owner = await researcherWithProject('Refused');
    const request = await createRequest(db(), { projectId: owner.projectId, typeId: 7, statusId: 7 });
    const response = await call('POST', `/api/request/${request.id}/decision/`, manager, { status: 4 });
    expect(response.statusCode).toBe(400);
    const [row] = await db().select().from(requests).where(eq(requests.id, request.id));
    expect(row!.statusId).toBe(7);
  });
});
