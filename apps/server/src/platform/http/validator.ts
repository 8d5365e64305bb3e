import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NULL_CHARACTER_MESSAGE, nullCharacterPaths } from '@rrp/domain';

/**
 * Refuses a NUL character anywhere in the input, with a field error at its path. Checked on the
 * raw input, so loose objects and free-form JSON (stored as jsonb) are covered as well as the
 * declared strings.
 */
const noNullCharacters = z.unknown().check((context) => {
  for (const path of nullCharacterPaths(context.value)) {
    context.issues.push({ code: 'custom', path, message: NULL_CHARACTER_MESSAGE, input: context.value });
  }
});

/**
 * The route validator: the input-wide rules of `@rrp/domain` (no NUL characters), then the
 * route's own zod schema. Failures of either are the same schema errors, so the error handler
 * answers them alike.
 */
export const validatorCompiler: typeof zodValidatorCompiler = (route) => {
  const validateRoute = zodValidatorCompiler(route);
  const validateCharacters = zodValidatorCompiler({ ...route, schema: noNullCharacters });
  return (data) => {
    const characters = validateCharacters(data);
    return typeof characters === 'object' && 'error' in characters && characters.error
      ? characters
      : validateRoute(data);
  };
};
