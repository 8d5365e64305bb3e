/**
 * A response body that PostgreSQL already wrote as JSON (the read model, issue 32): the route
 * sends its text as it is, without parsing it into objects and serialising them again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export const jsonText = (text: string): JsonText => new JsonText(text);
