import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES } from '@rrp/domain';
import { decisionEmailTemplates, decisionTemplateKey } from './decisions.emails';

const ctx = { publicUrl: 'https://portal.test', productName: 'Portal', supportEmail: 'help@portal.test' };

describe('decision e-mail templates', () => {
  it('names each decision’s template after its status, as a valid template key', () => {
    expect(decisionTemplateKey(4)).toBe('decision-approved');
    expect(decisionTemplateKey(12)).toBe('decision-approved-pending-team');
    expect(decisionTemplateKey(6)).toBe('decision-revisions-requested');
    const keys = Object.keys(REQUEST_STATUSES).map((status) => decisionTemplateKey(Number(status)));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9_-]{1,50}$/);
  });

  it('offers a template about requests for every status a request can move to (decision 094: submitted too)', () => {
    const templates = decisionEmailTemplates(ctx);
    expect(templates.map(([key]) => key)).toEqual(
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((status) => decisionTemplateKey(status)),
    );
    for (const [, template] of templates) expect(template.modelName).toBe('request');
  });
});
