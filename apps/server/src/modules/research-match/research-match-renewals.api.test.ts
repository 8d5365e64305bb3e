import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema';
import { createRequest } from '../../db/factories';
import { auth } from '../../../test/test-app';
import {
  t,
  researcher,
  projectId,
  db,
  uploadDocument,
  useResearchMatchContext,
} from './research-match.fixtures';

useResearchMatchContext();

describe('Research Match renewals (type 5)', () => {
  it('files a renewal of an approved application with documents: Submitted, shown as its latest renewal', async () => {
    const request = await createRequest(db(), {
      projectId,
      typeId: 4,
      statusId: 4,
      displayName: 'Research Match',
    });
    const upload = () => uploadDocument(researcher.token, { request: String(request.id) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/renewal/',
      headers: auth(researcher.token),
      payload: {
        type: 5,
        request: request.id,
        agreed_to_usage_policy: true,
        additional_data: {
          study_findings: 'Recruitment went well.',
          sci_justification: 'A second wave.',
          progress: 'Half enrolled.',
          sample_size: 200,
          all_consented: 120,
          all_participated: 100,
          cohort_consented: 80,
          cohort_participated: 70,
          additional_participants: 100,
          lay_summary: 'We talk to families.',
          recent_irb: await upload(),
          consent_form: await upload(),
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 5,
      status: 2,
      additional_data: { rm_application: { id: request.id } },
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/request/${request.id}/`,
      headers: auth(researcher.token),
    });
    expect(detail.json()).toMatchObject({
      status: 2,
      latest_renewal: { id: response.json().id, status: 2, status_name: 'Submitted' },
    });
    // Staff read its documents through the request.
    const linked = await db().select().from(files).where(eq(files.requestId, request.id));
    expect(linked).toHaveLength(2);
  });

  it('refuses a renewal of an application that is not approved', async () => {
    const request = await createRequest(db(), { projectId, typeId: 4, statusId: 2 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/renewal/',
      headers: auth(researcher.token),
      payload: { request: request.id, agreed_to_usage_policy: true, additional_data: {} },
    });
    expect(response.statusCode).toBe(400);
  });
});
