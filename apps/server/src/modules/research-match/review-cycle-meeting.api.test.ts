import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REVIEW_MESSAGES, todayIso } from '@rrp/domain';
import { emailLogs, files } from '../../db/schema';
import { createRequest } from '../../db/factories';
import { errorBody } from '../../../test/test-app';
import {
  t,
  smtp,
  admin,
  rmAdmin,
  primary,
  secondary,
  portalReviewer,
  projectId,
  db,
  call,
  application,
  startReview,
  assign,
  scores,
  useReviewCycleContext,
} from './review-cycle.fixtures';

useReviewCycleContext();

describe('The review meeting page (staff §2.5, §9)', () => {
  it('averages each criterion to 2 decimals over the cycle’s reviews and totals them', async () => {
    const app = await application('Meeting');
    await assign(app.id, [
      { id: primary.id, reviewer_role: 1 },
      { id: secondary.id, reviewer_role: 2 },
      { id: portalReviewer.id, reviewer_role: 3 },
    ]);
    await startReview([app.id]);
    for (const reviewer of [primary, secondary, portalReviewer])
      await call('POST', '/api/conflict/', reviewer.token, { request: app.id, conflict_exists: false });
    await call('POST', '/api/review/', primary.token, { request: app.id, ...scores(5) });
    await call('POST', '/api/review/', secondary.token, {
      request: app.id,
      ...scores(4),
      community: { score: null },
    });
    await call('POST', '/api/review/', portalReviewer.token, { request: app.id, research: { score: 4 } });
    await call('POST', '/api/research-match/review-meeting/', admin.token, { requests: [app.id] });
    await call('PATCH', `/api/request/${app.id}/summary/`, admin.token, {
      meeting_notes: 'Discussed first.',
    });

    const response = await call('GET', `/api/request/${app.id}/review-meeting/`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const meeting = response.json();
    // research: (5+4+4)/3 = 4.33; engagement…scientific: (5+4)/2 = 4.5; community: 5 (only one).
    expect(meeting.averages).toEqual({
      research: 4.33,
      engagement: 4.5,
      feasibility: 4.5,
      alignment: 4.5,
      scientific: 4.5,
      community: 5,
    });
    // The sum of the unrounded averages (13/3 + 4 × 4.5 + 5 = 27.33…).
    expect(meeting.total).toBe(27.33);
    expect(meeting.summary).toMatchObject({
      scientific_title: 'Meeting (scientific)',
      lay_title: 'Meeting for families',
      review_cycle: 1,
      meeting_notes: 'Discussed first.',
    });
    expect(meeting.reviews.map((review: { reviewer_role: number }) => review.reviewer_role)).toEqual([
      1, 2, 3,
    ]);
    expect(meeting.reviews[0]).toMatchObject({ total: 30, reviewer_decision: null, progress: 'Completed' });
    expect(meeting).toMatchObject({ can_edit_notes: true, can_decide: true });

    // Read-only staff see no meeting notes; reviewers do not see the meeting page.
    const lead = await t.tokenForRole('portal_admin_lead');
    const readOnly = (await call('GET', `/api/request/${app.id}/review-meeting/`, lead)).json();
    expect(readOnly.summary.meeting_notes).toBeUndefined();
    expect(readOnly.can_edit_notes).toBe(false);
    expect((await call('GET', `/api/request/${app.id}/review-meeting/`, primary.token)).statusCode).toBe(403);
  });

  it('shows "-" material: an application without scores has null averages and total', async () => {
    const app = await application('No scores');
    await startReview([app.id]);
    const meeting = (await call('GET', `/api/request/${app.id}/review-meeting/`, rmAdmin.token)).json();
    expect(Object.values(meeting.averages)).toEqual([null, null, null, null, null, null]);
    expect(meeting.total).toBeNull();
    expect(meeting.reviews).toEqual([]);
  });

  it("answers the spec's error for an application that never went into review", async () => {
    const app = await application('Never reviewed');
    const response = await call('GET', `/api/request/${app.id}/review-meeting/`, admin.token);
    expect(response.statusCode).toBe(404);
    expect(errorBody(response).detail).toBe(REVIEW_MESSAGES.meetingMissing);
    const dataset = await createRequest(db(), { projectId, typeId: 1, statusId: 3 });
    expect((await call('GET', `/api/request/${dataset.id}/review-meeting/`, admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe('The research-match list (researcher §2 "Lists")', () => {
  it('filters by the summary’s keywords, categories, methods, region and review cycle', async () => {
    const tagged = await application('Tagged', {
      keywords: ['Sleep', 'Anxiety'],
      category: ['Medical and health'],
      studyType: ['Online Survey'],
      region: 'national',
    });
    const other = await application('Other tags', {
      keywords: ['Language'],
      category: ['Education'],
      studyType: ['In-clinic'],
      region: 'local',
    });
    const ids = async (query: string) =>
      (await call('GET', `/api/request/?type=4&limit=200&${query}`, admin.token))
        .json()
        .results.map((row: { id: number }) => row.id);
    expect(await ids('keywords=Sleep')).toEqual([tagged.id]);
    expect((await ids('keywords__in=Anxiety,Language')).sort()).toEqual([tagged.id, other.id].sort());
    expect(await ids('category=Education')).toEqual([other.id]);
    expect(await ids('methods=Online%20Survey')).toEqual([tagged.id]);
    expect(await ids('region=local')).toEqual([other.id]);
    expect(await ids(`review_cycle=0&id__in=${tagged.id},${other.id}`)).toHaveLength(2);
    const expanded = await call('GET', `/api/request/?id=${tagged.id}&expand=summary`, admin.token);
    expect(expanded.json().results[0].summary).toMatchObject({
      scientific_title: 'Tagged (scientific)',
      keywords: ['Sleep', 'Anxiety'],
      review_cycle: 0,
    });
  });
});

describe('GET rm_report_dispatch/ (staff §2.3, §7)', () => {
  it('e-mails the caller a CSV of the applications with their scores', async () => {
    const response = await call('GET', '/api/rm_report_dispatch/', rmAdmin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: REVIEW_MESSAGES.reportDispatched });
    const [log] = await db().select().from(emailLogs).where(eq(emailLogs.template, 'rm_report'));
    expect(log!.to).toEqual([rmAdmin.email]);
    expect(log!.attachmentFileIds).toHaveLength(1);
    const [file] = await db().select().from(files).where(eq(files.id, log!.attachmentFileIds[0]!));
    expect(file).toMatchObject({ contentType: 'text/csv', creatorId: rmAdmin.id, type: 'rm_report' });
    const csv = (await t.app.fileStorage.get(file!.storageKey)).toString('utf8');
    const [header, ...lines] = csv.split(/\r?\n/);
    expect(header).toContain('Research Average');
    expect(header).toContain('Total');
    const meetingLine = lines.find((line) => line.includes('Meeting (scientific)'))!;
    expect(meetingLine).toContain('4.33');
    expect(meetingLine).toContain('27.33');
    // Delivered with the attachment through the outbox.
    await t.app.outbox.deliverDue();
    const delivered = smtp.inbox.find((mail) => mail.to.includes(rmAdmin.email))!;
    expect(delivered.attachments).toEqual([
      expect.objectContaining({
        filename: `research-match-report-${todayIso()}.csv`,
        contentType: 'text/csv',
      }),
    ]);
    expect(delivered.attachments![0]!.content.toString('utf8')).toBe(csv);
    // Only Research Match administrators dispatch it; its file is the requester's alone.
    expect((await call('GET', '/api/rm_report_dispatch/', primary.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/file/${file!.id}/`, admin.token)).statusCode).toBe(404);
  });
});
