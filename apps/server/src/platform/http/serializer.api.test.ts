import { afterEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { errorHandlerPlugin } from './error-handler';
import { jsonText } from './json-text';
import { route, routes } from './route';
import { responseSerializerCompiler, type ResponseValidation } from './serializer';
import { validatorCompiler } from './validator';

const thing = z.object({ id: z.number(), name: z.string() });

/** A server with the app's compilers and error handler, and routes answering right and wrong shapes. */
async function serverWith(mode: ResponseValidation) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(mode));
  await app.register(errorHandlerPlugin);
  const answering = (url: string, answer: () => unknown) =>
    route({
      method: 'GET',
      url,
      access: 'public',
      response: thing,
      handle: answer as () => z.output<typeof thing>,
    });
  await app.register(
    routes(['test'], () => [
      answering('/api/right/', () => ({ id: 1, name: 'Right' })),
      answering('/api/undeclared/', () => ({ id: 1, name: 'Right', password: 'hash' })),
      answering('/api/wrong-type/', () => ({ id: '1', name: 'Wrong' })),
      answering('/api/text/', () => jsonText('{"name":"Text","id":2}')),
      answering('/api/wrong-text/', () => jsonText('{"id":2,"name":"Text","owner":3}')),
    ]),
  );
  return app;
}

describe('answers in strict mode (the test suites)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends an answer that is exactly its schema', async () => {
    const app = await serverWith('strict');
    const response = await app.inject({ method: 'GET', url: '/api/right/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'Right' });
  });

  it('fails loudly, naming the route, the status and the path, on a key the schema does not declare', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await serverWith('strict');
    const response = await app.inject({ method: 'GET', url: '/api/undeclared/' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hash');
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/GET \/api\/undeclared\/ \(200\) .* at password/),
    );
  });

  it('fails on a value of the wrong type', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await serverWith('strict');
    expect((await app.inject({ method: 'GET', url: '/api/wrong-type/' })).statusCode).toBe(500);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('refuses at id'));
  });

  it('checks JSON text the database wrote, and sends that text as it is', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await serverWith('strict');
    const text = await app.inject({ method: 'GET', url: '/api/text/' });
    expect(text.statusCode).toBe(200);
    expect(text.body).toBe('{"name":"Text","id":2}');
    expect(text.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await app.inject({ method: 'GET', url: '/api/wrong-text/' })).statusCode).toBe(500);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('at owner'));
  });
});

describe('answers with validation off (production)', () => {
  it('writes them by the compiled serializer without checking them', async () => {
    const app = await serverWith('off');
    const undeclared = await app.inject({ method: 'GET', url: '/api/undeclared/' });
    expect(undeclared.statusCode).toBe(200);
    expect(undeclared.json()).toEqual({ id: 1, name: 'Right' });
    const text = await app.inject({ method: 'GET', url: '/api/wrong-text/' });
    expect(text.statusCode).toBe(200);
    expect(text.body).toBe('{"id":2,"name":"Text","owner":3}');
  });
});
