import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from 'vite';
import { ROUTES } from '../src/app/route-table.ts';

/**
 * Where the server finds which chunks each screen loads, beside the build's manifest (dist/.vite,
 * which is not served). Read by apps/server/src/platform/http/app-page.ts.
 */
export const SCREEN_CHUNKS_FILE = join('.vite', 'screen-chunks.json');

/** The part of the signed-in shell loaded lazily by every signed-in page (src/app/shell/header.tsx). */
const SIGNED_IN_SHELL = 'src/app/shell/signed-in-header.tsx';

/** A set of chunks, as root-relative URLs: the scripts in the order they are needed, the styles. */
interface Chunks {
  scripts: string[];
  styles: string[];
}

/**
 * The map written at build: for each route of the web app's table, its screen's chunks, and the
 * signed-in shell's. The page's entry and what it imports are left out: index.html preloads them.
 */
export interface ScreenChunks {
  signedIn: Chunks;
  routes: ({ path: string } & Chunks)[];
}

/**
 * The source module of each screen, by the name the route table gives it, as `screens.ts` states it
 * (`name: () => import('@/<module>')`); a route whose screen is not found there fails the build.
 */
function screenModules(root: string): Map<string, string> {
  const source = readFileSync(join(root, 'src/app/screens.ts'), 'utf8');
  return new Map(
    [...source.matchAll(/^\s*(\w+): \(\) => import\('@\/([^']+)'\)/gm)].map((match) => [
      match[1]!,
      `src/${match[2]!}.tsx`,
    ]),
  );
}

/** A chunk and everything it imports statically, the chunk first, then breadth first. */
function staticClosure(manifest: Manifest, key: string): string[] {
  const order = [key];
  for (let at = 0; at < order.length; at += 1)
    for (const imported of manifest[order[at]!]!.imports ?? [])
      if (!order.includes(imported)) order.push(imported);
  return order;
}

/** The chunks `key` loads that the page has not preloaded already. */
function chunksOf(manifest: Manifest, key: string, preloaded: Set<string>): Chunks {
  if (!manifest[key]) throw new Error(`${key} is not a chunk of the build`);
  const keys = staticClosure(manifest, key).filter((chunk) => !preloaded.has(chunk));
  const preloadedStyles = new Set([...preloaded].flatMap((chunk) => manifest[chunk]!.css ?? []));
  return {
    scripts: keys.map((chunk) => `/${manifest[chunk]!.file}`),
    styles: [...new Set(keys.flatMap((chunk) => manifest[chunk]!.css ?? []))]
      .filter((file) => !preloadedStyles.has(file))
      .map((file) => `/${file}`),
  };
}

/**
 * Writes, beside the manifest, which chunks each screen and the signed-in shell load (issue 32), so
 * that the server sends them with the page as `modulepreload` links: a first visit then fetches a
 * screen's code at once instead of finding its imports one level at a time.
 */
export function writeScreenChunks(root: string, outDir: string, manifest: Manifest): void {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const preloaded = new Set(staticClosure(manifest, entry));
  const modules = screenModules(root);
  const routes = ROUTES.filter((route) => route.screen !== undefined).map((route) => {
    const module = modules.get(route.screen!);
    if (!module) throw new Error(`${route.path}: screen ${route.screen} is not in src/app/screens.ts`);
    return { path: route.path, ...chunksOf(manifest, module, preloaded) };
  });
  const chunks: ScreenChunks = { signedIn: chunksOf(manifest, SIGNED_IN_SHELL, preloaded), routes };
  writeFileSync(join(outDir, SCREEN_CHUNKS_FILE), JSON.stringify(chunks));
}
