import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEAM_GAP_REASONS, WORKFLOW_MESSAGES } from '@rrp/domain';
import { files, institutions, notifications, projects, requests, userInstitutions } from '../../db/schema';
import { addTeamMember, createProject } from '../../db/factories';
import { auth, createTestContext, errorBody } from '../../../test/test-app';
import {
  admin,
  attachIrb,
  day,
  db,
  decide,
  get,
  multipart,
  newRequest,
  projectWithUnsignedCoInvestigator,
  researcher,
  row,
  setRda,
  setUpDecisionsApi,
  t,
} from './decisions.api-test-setup';

/**
 * Decisions on requests (staff §4.2; issue 8): the pending-team variant and what promotes a
 * request out of it, and the demo data of the decision journeys.
 */
setUpDecisionsApi();

describe('the pending-team variant', () => {
  it('approves into Approved (Pending Team) and promotes the request when the joinder is signed', async () => {
    const { coInvestigator, project } = await projectWithUnsignedCoInvestigator(
      'Team study',
      'Cora',
      'Coinvestigator',
    );
    // A collaborator without an account does not hold the request back.
    await addTeamMember(db(), {
      projectId: project.id,
      email: 'helper@example.test',
      firstName: 'Hal',
      lastName: 'Helper',
      userRole: 3,
    });
    const { id } = await newRequest(2, 2, project.id);

    const options = (await get(`/api/request/${id}/decisions/`, admin.token)).json();
    expect(options.flow).toBe('biospecimen');
    expect(options.team).toEqual({
      complete: false,
      missing: [
        {
          user_id: coInvestigator.id,
          display_name: 'Cora Coinvestigator',
          reasons: [TEAM_GAP_REASONS.joinder],
        },
      ],
    });
    expect(options.options).toContainEqual({
      status: 12,
      name: 'Approved (Pending Team)',
      action: 'Approve',
      email: 'optional',
    });

    const approved = await decide(id, { status: 4 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe(12);
    const again = await decide(id, { status: 4 });
    expect(errorBody(again).status).toEqual([WORKFLOW_MESSAGES.teamIncomplete]);

    const [link] = await db()
      .select()
      .from(userInstitutions)
      .where(eq(userInstitutions.userId, coInvestigator.id));
    const signed = await t.app.inject({
      method: 'PATCH',
      url: `/api/user-institution/${link!.id}/`,
      headers: auth(await t.tokenFor(coInvestigator.email)),
      payload: { joinder_date: new Date().toISOString() },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await row(id)).statusId).toBe(4);
    const bell = await db().select().from(notifications).where(eq(notifications.recipientId, researcher.id));
    expect(
      bell.some((note) => note.message.endsWith('is now Approved.') && note.redirect === `/request/${id}`),
    ).toBe(true);
  });

  it('promotes when the incomplete co-investigator leaves the team', async () => {
    const { project } = await projectWithUnsignedCoInvestigator('Leaving member', 'Una', 'Unsigned');
    const { id } = await newRequest(1, 3, project.id);
    expect((await decide(id, { status: 4 })).json().status).toBe(12);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/research-team/',
      headers: auth(researcher.token),
      payload: { project_id: project.id, team: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await row(id)).statusId).toBe(4);
  });

  it('promotes when the project’s IRB is uploaded', async () => {
    const project = await createProject(db(), { ownerId: researcher.id, title: 'No IRB yet' });
    const { id } = await newRequest(1, 2, project.id);
    expect((await decide(id, { status: 4 })).json().status).toBe(12);
    const missing = (await get(`/api/request/${id}/decisions/`, researcher.token)).json().team.missing;
    expect(missing).toEqual([
      { user_id: researcher.id, display_name: 'Rita Researcher', reasons: [TEAM_GAP_REASONS.irb] },
    ]);
    const body = multipart(
      {
        type: 'irb',
        project: String(project.id),
        additional_data: JSON.stringify({ designation: 1, approval_date: day(-5), renewal_date: day(360) }),
      },
      'irb.pdf',
      Buffer.from('%PDF-1.4\n% irb letter\n%%EOF\n'),
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/file/',
      headers: { ...auth(researcher.token), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await row(id)).statusId).toBe(4);
  });

  it('promotes when the institution’s RDA becomes fully executed', async () => {
    const { institution } = await t.institutionWithOfficial('Awaiting Institute');
    await setRda(institution.id, 2);
    const member = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Ida',
      lastName: 'Institute',
      institutionId: institution.id,
    });
    const project = await createProject(db(), { ownerId: member.id, title: 'RDA study' });
    await attachIrb(project.id, member.id);
    const { id } = await newRequest(1, 3, project.id);
    expect((await decide(id, { status: 4 })).json().status).toBe(12);
    const missing = (await get(`/api/request/${id}/decisions/`, admin.token)).json().team.missing;
    expect(missing).toEqual([
      { user_id: member.id, display_name: 'Ida Institute', reasons: [TEAM_GAP_REASONS.rda] },
    ]);

    // The RDA's countersignature (foundation lead) executes it.
    const [rdaRow] = await db()
      .select({ rda: institutions.currentRdaId })
      .from(institutions)
      .where(eq(institutions.id, institution.id));
    await db()
      .update(files)
      .set({
        additionalData: { status: 2, signature: 'Olga Official', signature_date: `${day(-1)}T12:00:00` },
      })
      .where(eq(files.id, rdaRow!.rda!));
    const lead = await t.createUser({ roles: ['portal_admin_lead'], firstName: 'Lee', lastName: 'Lead' });
    const countersigned = await t.app.inject({
      method: 'PATCH',
      url: `/api/file/${rdaRow!.rda}/`,
      headers: auth(await t.tokenFor(lead.email)),
      payload: { sf_signature: 'Lee Lead' },
    });
    expect(countersigned.statusCode, countersigned.body).toBe(200);
    expect((await row(id)).statusId).toBe(4);
  });
});

describe('demo data for the decision journeys', () => {
  it('seeds a Submitted dataset request of the demo researcher and a pending-team plasma request', async () => {
    // A database of its own: the demo catalogue is seeded only into an empty catalogue.
    const demo = await createTestContext();
    try {
      const { seedDemoData } = await import('../../db/seed');
      const seed = () =>
        seedDemoData(
          demo.database.db,
          demo.config.demoPassword,
          demo.app.demo.attachDefaultRda,
          demo.app.demo.attachIrb,
        );
      await seed();
      await seed();
      const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
        demo.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
      const demoAdmin = await demo.tokenFor('portal_admin@demo.test', demo.config.demoPassword);
      const researcherToken = await demo.tokenFor('primary_researcher@demo.test', demo.config.demoPassword);

      // The dataset request's team is complete: approving it gives Approved.
      const mine = (await call('GET', '/api/request/?status=2&type=1', researcherToken)).json();
      const dataset = mine.results.find(
        (entry: { display_name: string }) => entry.display_name === 'SSC Phenotype Data',
      );
      expect(dataset).toBeDefined();
      const options = (await call('GET', `/api/request/${dataset.id}/decisions/`, demoAdmin)).json();
      expect(options).toMatchObject({ flow: 'plain', team: { complete: true, missing: [] } });

      // The plasma request waits for its co-investigator's joinder.
      const [pending] = await demo.database.db
        .select({ id: requests.id })
        .from(requests)
        .innerJoin(projects, eq(projects.id, requests.projectId))
        .where(eq(projects.title, 'Plasma proteins and sleep in autistic adolescents'));
      const team = (await call('GET', `/api/request/${pending!.id}/decisions/`, demoAdmin)).json();
      expect(team).toMatchObject({ flow: 'biospecimen', status: 2 });
      expect(team.team.missing).toEqual([
        {
          user_id: expect.any(Number),
          display_name: 'Demo Co-Investigator',
          reasons: [TEAM_GAP_REASONS.joinder],
        },
      ]);
      const approved = await call('POST', `/api/request/${pending!.id}/decision/`, demoAdmin, { status: 4 });
      expect(approved.json().status).toBe(12);
      const coToken = await demo.tokenFor('coinvestigator@demo.test', demo.config.demoPassword);
      const [link] = await demo.database.db
        .select()
        .from(userInstitutions)
        .where(eq(userInstitutions.userId, team.team.missing[0].user_id));
      const signed = await call('PATCH', `/api/user-institution/${link!.id}/`, coToken, {
        joinder_date: new Date().toISOString(),
      });
      expect(signed.statusCode, signed.body).toBe(200);
      const [after] = await demo.database.db.select().from(requests).where(eq(requests.id, pending!.id));
      expect(after!.statusId).toBe(4);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
