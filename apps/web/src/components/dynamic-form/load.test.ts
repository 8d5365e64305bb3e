import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFormSchema } from './load';

const stubFetch = (answer: () => Promise<Response>) => {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

afterEach(() => vi.unstubAllGlobals());

describe('loading a form schema', () => {
  it('fetches /forms/{id}.json and parses it', async () => {
    const fetchMock = stubFetch(async () =>
      Response.json({ id: 'x', title: 'X', fields: [{ type: 'text', key: 'a', label: 'A' }] }),
    );
    await expect(loadFormSchema('ipsc')).resolves.toMatchObject({ title: 'X' });
    expect(fetchMock.mock.calls[0]).toEqual([
      '/forms/ipsc.json',
      { headers: { accept: 'application/json' } },
    ]);
  });

  it("answers 'Failed to load schema: {path}' when the document is not there", async () => {
    stubFetch(async () => Response.json({ detail: 'Not found.' }, { status: 404 }));
    await expect(loadFormSchema('nope')).rejects.toThrow('Failed to load schema: /forms/nope.json');
  });

  it("answers 'Error loading schema' when the network fails or the body is not JSON", async () => {
    stubFetch(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadFormSchema('ipsc')).rejects.toThrow('Error loading schema');
    stubFetch(async () => new Response('<html>', { status: 200 }));
    await expect(loadFormSchema('ipsc')).rejects.toThrow('Error loading schema');
  });

  it("answers 'Invalid Schema' for JSON that is not a form", async () => {
    stubFetch(async () => Response.json({ id: 'x', title: 'X', fields: [{ type: 'slider', key: 'a' }] }));
    await expect(loadFormSchema('ipsc')).rejects.toThrow('Invalid Schema');
  });
});
