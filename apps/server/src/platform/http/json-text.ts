/**
 * A response body that PostgreSQL already wrote as JSON (the read model, issue 32): the route
 * sends its text as it is, without parsing it into objects and serialising them again. A page's
 * text comes in pieces (its envelope and each row), written straight into the bytes sent: joined
 * into one string first, a page of 100 requests (~250 kB) was two strings too large for V8's young
 * generation on every call, which grew the heap with the pages answered per second (decision 441).
 */
export class JsonText {
  constructor(private readonly parts: readonly string[]) {}

  /** The whole text (to parse or check it). */
  get text(): string {
    return this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
  }

  /** What the reply sends: the text itself, or the UTF-8 bytes of its pieces in one buffer. */
  body(): string | Buffer {
    if (this.parts.length === 1) return this.parts[0]!;
    const bytes = Buffer.allocUnsafe(this.parts.reduce((size, part) => size + Buffer.byteLength(part), 0));
    let at = 0;
    for (const part of this.parts) at += bytes.write(part, at);
    return bytes;
  }
}

/** The JSON text, whole or in pieces to be sent one after another. */
export const jsonText = (text: string | readonly string[]): JsonText =>
  new JsonText(typeof text === 'string' ? [text] : text);
