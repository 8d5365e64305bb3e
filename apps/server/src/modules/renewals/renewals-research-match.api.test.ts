import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RENEWAL_MESSAGES } from '@rrp/domain';
import { files, history, requests } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import { admin, owner, db, post, get, request, useRenewalsContext } from './renewals.test-support';

useRenewalsContext();

describe('POST renewal/: Research Match renewals', () => {
  /** A PDF record uploaded by this user (the form's file answers name files by id). */
  const upload = async (creatorId: number) =>
    (
      await db()
        .insert(files)
        .values({
          name: 'irb.pdf',
          storageKey: `test/${Math.random()}`,
          type: 'rm_renewal',
          contentType: 'application/pdf',
          size: 10,
          creatorId,
        })
        .returning({ id: files.id })
    )[0]!.id;
  const rmAnswers = (irb: number, consent: number) => ({
    study_findings: 'Recruitment went well.',
    sci_justification: 'We need a second wave.',
    progress: 'Half of the sample is enrolled.',
    sample_size: 200,
    all_consented: 120,
    all_participated: 100,
    cohort_consented: 80,
    cohort_participated: 70,
    additional_participants: 100,
    lay_summary: 'We talk to families about language.',
    recent_irb: irb,
    consent_form: consent,
  });

  it('files a type 5 renewal and sends the application back to Submitted through the workflow', async () => {
    const id = await request({ typeId: 4, displayName: 'Language study' });
    const before = (await db().select().from(requests).where(eq(requests.id, id)))[0]!;
    const answers = rmAnswers(await upload(owner.id), await upload(owner.id));
    const noTerms = await post({ request: id, additional_data: answers });
    expect(errorBody(noTerms).agreed_to_usage_policy).toEqual([RENEWAL_MESSAGES.usagePolicy]);
    const response = await post({
      request: id,
      type: 5,
      agreed_to_usage_policy: true,
      additional_data: answers,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 5,
      type_name: 'Research Match Renewal',
      status: 2,
      additional_data: { rm_application: { id }, sample_size: 200 },
      expiration_after: null,
    });
    const after = (await db().select().from(requests).where(eq(requests.id, id)))[0]!;
    expect(after.statusId).toBe(2);
    // Research Match requests are not extended: they go back to review.
    expect(after.expirationDate?.toISOString()).toBe(before.expirationDate?.toISOString());
    const rows = await db()
      .select()
      .from(history)
      .where(
        and(eq(history.model, 'request'), eq(history.objectId, String(id)), eq(history.action, 'update')),
      );
    expect(rows.at(-1)?.changedFields).toContain('statusId');
    const listed = (await get(`/api/renewal/?rm_application=${id}&status=2`, admin.token)).json();
    expect(listed.results.map((row: { id: number }) => row.id)).toEqual([response.json().id]);
  });

  it('refuses files the owner did not upload and a resource impact type', async () => {
    const id = await request({ typeId: 4 });
    const response = await post({
      request: id,
      agreed_to_usage_policy: true,
      additional_data: rmAnswers(await upload(admin.id), await upload(owner.id)),
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).recent_irb).toEqual([RENEWAL_MESSAGES.ownFile]);
    expect(errorBody(await post({ request: id, type: 4, additional_data: {} })).type).toEqual([
      RENEWAL_MESSAGES.wrongType,
    ]);
    expect((await db().select().from(requests).where(eq(requests.id, id)))[0]!.statusId).toBe(7);
  });
});
