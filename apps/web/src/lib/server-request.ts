/**
 * What a page rendered on the server (src/server-render.tsx) reads in place of the browser: the
 * visitor's cookies, and the API, which the server answers in process. Undefined in the browser
 * and while a page is prerendered at build, which has no visitor.
 */
export interface ServerRequest {
  cookie(name: string): string | null;
  /** The role the page is rendered for, once the user's record has arrived (null before). */
  activeRole(): string | null;
  fetch(url: string, init: RequestInit): Promise<Response>;
}

let source: () => ServerRequest | undefined = () => undefined;

/** Set once by the server's rendering entry; it answers the request being rendered. */
export function setServerRequestSource(next: () => ServerRequest | undefined): void {
  source = next;
}

export const serverRequest = (): ServerRequest | undefined => source();

/** The element of a page rendered on the server that holds the reads it was rendered with. */
export const SERVER_STATE_ELEMENT_ID = 'rrp-server-state';
