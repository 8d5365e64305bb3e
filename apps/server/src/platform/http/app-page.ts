import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A set of the web app's chunks, as root-relative URLs. */
interface Chunks {
  scripts: string[];
  styles: string[];
}

/**
 * Which chunks each screen of the web app loads, by its route's path pattern, and those of the
 * signed-in shell: written by the web build beside its manifest (apps/web/build/screen-chunks.ts).
 */
interface ScreenChunks {
  signedIn: Chunks;
  routes: ({ path: string } & Chunks)[];
}

const SCREEN_CHUNKS_FILE = join('.vite', 'screen-chunks.json');

const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * How specific a route's pattern is, compared as strings: a fixed segment ranks above a parameter
 * at the first place they differ, as the web app's router chooses between `/request/create` and
 * `/request/:objectId`.
 */
const specificity = (pattern: string[]) =>
  pattern.map((segment) => (segment.startsWith(':') ? '0' : '1')).join('');

/** Whether a path is one the pattern names (`:name` stands for any one segment; case ignored, as the router does). */
function matches(pattern: string[], path: string[]): boolean {
  return (
    pattern.length === path.length &&
    pattern.every(
      (segment, at) => segment.startsWith(':') || segment.toLowerCase() === path[at]!.toLowerCase(),
    )
  );
}

/** Finds the chunks of the screen a path opens, the most specific pattern first. */
export function screenChunksFinder(chunks: ScreenChunks) {
  const routes = chunks.routes
    .map((route) => ({ ...route, pattern: segments(route.path) }))
    .sort((a, b) =>
      b.pattern.length === a.pattern.length
        ? specificity(b.pattern).localeCompare(specificity(a.pattern))
        : b.pattern.length - a.pattern.length,
    );
  return (path: string): Chunks | undefined => {
    const parts = segments(path);
    return routes.find((route) => matches(route.pattern, parts));
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The links that fetch a screen's chunks with the page, each file once. */
function preloadLinks(chunks: Chunks[]): string {
  const scripts = new Set(chunks.flatMap((set) => set.scripts));
  const styles = new Set(chunks.flatMap((set) => set.styles));
  return [
    ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...[...styles].map(
      (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ]
    .map((link) => `\n    ${link}`)
    .join('');
}

/** The stylesheets a rendered page's markup needs, applied (render-blocking), each file once. */
function stylesheetLinks(styles: string[]): string {
  return [...new Set(styles)]
    .map((href) => `\n    <link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`)
    .join('');
}

interface Build {
  builtAt: number;
  index: string;
  findScreen: ReturnType<typeof screenChunksFinder> | null;
  signedIn: Chunks | null;
}

/**
 * The app's pages (issue 32). `plain`: index.html with `modulepreload` links for the chunks of the
 * screen the path opens, and of the signed-in shell for someone with a session, so that a first
 * visit fetches them all at once, beside the entry's, instead of discovering each import only
 * once the one before it has run; styles are preloaded, not applied: the app applies them as
 * before, when the screen's code asks for them. `rendered`: a page the server rendered (its
 * template carries the entry's styles), with its screen's own stylesheets, which its markup needs
 * to paint as it will look. A build without the map gives the pages as they are. The build is
 * read again when index.html changes, so a rebuilt app is served without a restart.
 */
export function appPages(distDir: string) {
  let build: Promise<Build> | undefined;
  const load = async (builtAt: number): Promise<Build> => {
    const index = await readFile(join(distDir, 'index.html'), 'utf8');
    const chunks = await readFile(join(distDir, SCREEN_CHUNKS_FILE), 'utf8').then(
      (text) => JSON.parse(text) as ScreenChunks,
      () => null,
    );
    return {
      builtAt,
      index,
      findScreen: chunks && screenChunksFinder(chunks),
      signedIn: chunks?.signedIn ?? null,
    };
  };
  const current = async () => {
    const builtAt = (await stat(join(distDir, 'index.html'))).mtimeMs;
    if ((await build?.catch(() => null))?.builtAt !== builtAt) build = load(builtAt);
    return build!;
  };
  const inHead = (page: string, links: string) => page.replace('</head>', () => `${links}\n  </head>`);

  return {
    /** Null when the build cannot be read: the caller sends index.html as it is. */
    async plain(path: string, signedIn: boolean): Promise<string | null> {
      const loaded = await current().catch(() => null);
      if (!loaded) return null;
      const { index, findScreen, signedIn: shell } = loaded;
      const chunks = [findScreen?.(path), signedIn ? shell : null].filter((set) => set != null);
      if (chunks.length === 0) return index;
      return inHead(index, preloadLinks(chunks));
    },
    async rendered(page: string, path: string): Promise<string> {
      const loaded = await current().catch(() => null);
      const styles = loaded?.findScreen?.(path)?.styles ?? [];
      if (styles.length === 0) return page;
      return inHead(page, stylesheetLinks(styles));
    },
  };
}
