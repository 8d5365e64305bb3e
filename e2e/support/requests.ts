import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './session';

/** The authorization header of a person signed in through the API. */
export async function apiHeaders(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/api-token-auth/', { data: { email, password } });
  expect(login.status()).toBe(200);
  return { authorization: `JWT ${(await login.json()).token}` };
}

export interface FiledRequest {
  id: number;
  portal_request_id: string;
  display_name: string;
  status_name: string;
}

/**
 * A dataset request of the demo researcher on their "Rare genetic variants" project, filed
 * through the API so a journey can start from it (the wizard has its own journeys); `fields` adds
 * to or overrides the filing (submit, GPF access, …).
 */
export async function fileDemoDatasetRequest(
  request: APIRequestContext,
  dataset: string,
  fields: Record<string, unknown>,
): Promise<FiledRequest> {
  const headers = await apiHeaders(request, 'primary_researcher@demo.test');
  const projects = await (await request.get('/api/project/?limit=50', { headers })).json();
  const project = projects.results.find(
    (row: { title: string }) => row.title === 'Rare genetic variants and language development',
  );
  const datasets = await (await request.get('/api/dataset/?limit=200&available=true', { headers })).json();
  const chosen = datasets.results.find((row: { name: string }) => row.name === dataset);
  const created = await request.post('/api/request/', {
    headers,
    data: {
      project: project.id,
      type: 1,
      datasets: [chosen.id],
      agreed_nih: true,
      data_safeguard: true,
      agreed_to_usage_policy: true,
      usage_answers: [true, true, true],
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as FiledRequest;
}
