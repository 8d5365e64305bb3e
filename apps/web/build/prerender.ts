import { createHash } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';

/**
 * The pages written as HTML at build, each beside index.html, with the screen module its route
 * loads; the server sends them to visitors (apps/server/src/platform/http/web-app.ts).
 */
export const PRERENDERED_PAGES = [
  { path: '/login', file: 'login.html', screen: 'src/features/home/screens/login-screen.tsx' },
];

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const LARGE_CHUNK_BYTES = 20_000;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/** The stylesheets of a chunk and of every chunk it imports statically. */
function chunkStylesheets(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key]!;
  return [
    ...(chunk.css ?? []),
    ...(chunk.imports ?? []).flatMap((imported) => chunkStylesheets(manifest, imported, seen)),
  ];
}

/**
 * A prerendered page starts the app once it has painted: loaded and run at once, the app's
 * JavaScript would hold the first paint back on a slow device. So its HTML carries neither the
 * entry script nor the links preloading its chunks. After the first frame, a starter fetches the
 * entry's chunks and the screen's together, then runs them one per task, so that no single task
 * keeps the page from answering input for long (Lighthouse's Total Blocking Time). It is a file, as
 * the content security policy allows no inline script; its name carries its hash, like every asset.
 */
function withStarter(outDir: string, index: string, manifest: Manifest, screen: string): string {
  const entry = ENTRY_SCRIPT.exec(index)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  if (!manifest[screen]) throw new Error(`${screen} is not a chunk of the build`);
  // The entry's largest chunks run first, one per task; the entry then loads the rest side by side.
  const largest = [...index.matchAll(MODULE_PRELOAD)]
    .map((match) => match[1]!)
    .filter((file) => statSync(join(outDir, file)).size >= LARGE_CHUNK_BYTES);
  const source = `const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const painted = new Promise((resolve) => {
  new PerformanceObserver(resolve).observe({ type: 'paint', buffered: true });
  setTimeout(resolve, 1000);
});
painted.then(async () => {
  for (const href of ${JSON.stringify(largest)}) {
    await import(href);
    await nextTask();
  }
  await import(${JSON.stringify(entry)});
});
`;
  const name = `start-after-paint-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(outDir, 'assets', name), source);
  // The screen's own styles are linked too: they would otherwise come with its code, after the paint.
  const stylesheets = chunkStylesheets(manifest, screen)
    .filter((file) => !index.includes(`/${file}"`))
    .map((file) => `\n    <link rel="stylesheet" crossorigin href="/${file}">`);
  return index
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="/assets/${name}"></script>`)
    .replace('</head>', `${stylesheets.join('')}\n  </head>`);
}

/**
 * Writes each page of PRERENDERED_PAGES: index.html with the page's markup inside its root element
 * and the starter above in place of the entry script (issue 15: the sign-in page paints before its
 * JavaScript has loaded; main.tsx hydrates it). The markup comes from src/prerender.tsx, built for
 * Node with this same configuration, so its class names are the client build's. Runs once the
 * client files are written, before precompress.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'rrp-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = join(config.root, config.build.outDir);
      // Inside node_modules, so that Node resolves the packages the server build leaves external.
      const serverDir = join(config.root, 'node_modules', '.rrp-prerender');
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: 'src/prerender.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
        });
        const module = (await import(pathToFileURL(join(serverDir, 'prerender.js')).href)) as {
          renderPage(path: string): Promise<string>;
        };
        const index = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
        for (const page of PRERENDERED_PAGES) {
          const markup = await module.renderPage(page.path);
          const html = withStarter(outDir, index, manifest, page.screen);
          writeFileSync(
            join(outDir, page.file),
            html.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`),
          );
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
