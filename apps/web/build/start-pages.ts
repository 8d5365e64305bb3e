import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { writeScreenChunks } from './screen-chunks.ts';

/**
 * The pages written as HTML at build, each beside index.html, with the screen module its route
 * loads; the server sends them to visitors (apps/server/src/platform/http/web-app.ts).
 */
export const PRERENDERED_PAGES = [
  { path: '/login', file: 'login.html', screen: 'src/features/home/screens/login-screen.tsx' },
];

/**
 * Where the server's rendering module is built, with its page template: beside dist/, not in it,
 * so that it is not served.
 */
export const SERVER_RENDER_DIR = 'dist-server';

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;
/** A chunk at least this large runs in a task of its own as the app starts. */
const LARGE_CHUNK_BYTES = 20_000;

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
 * Writes a starter script and answers its file name. Run as one module graph, the app's code would
 * be one long task, keeping the page from answering input (Lighthouse's Total Blocking Time); the
 * starter runs the largest chunks one per task first, then the entry, which runs what remains. On
 * a prerendered page it first waits for the page to paint, so that the code does not hold the
 * paint back. A file, as the content security policy allows no inline script; its name carries
 * its hash, so it is cached for good like every other asset.
 */
function writeStarter(outDir: string, entry: string, largest: string[], afterPaint: boolean): string {
  const start = afterPaint
    ? `new Promise((resolve) => {
  new PerformanceObserver(resolve).observe({ type: 'paint', buffered: true });
  setTimeout(resolve, 1000);
})`
    : 'Promise.resolve()';
  const source = `const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
${start}.then(async () => {
  for (const href of ${JSON.stringify(largest)}) {
    await import(href);
    await nextTask();
  }
  await import(${JSON.stringify(entry)});
});
`;
  const name = `start-${afterPaint ? 'after-paint-' : ''}${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(outDir, 'assets', name), source);
  return name;
}

/**
 * How the app's pages start (issue 15). index.html keeps the links that preload the entry's chunks
 * and starts the app through a starter (writeStarter). Each page of PRERENDERED_PAGES is written
 * beside it: index.html with the page's markup inside its root element, its screen's stylesheets,
 * and no preload links, so that it paints as soon as its HTML and styles are in; its starter then
 * loads the code and main.tsx hydrates the markup. The markup comes from src/server-render.tsx,
 * built for Node with this same configuration into SERVER_RENDER_DIR, so its class names are the
 * client build's; the server keeps using that module to render the signed-in home and list screens
 * per request, in the template written beside it (app-page.html: the same page, with slots for the
 * markup and the reads it was rendered with; the server adds each screen's own stylesheets). Runs once the client files are written, before precompress.
 */
export function startPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'rrp-start-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = join(config.root, config.build.outDir);
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      const entry = ENTRY_SCRIPT.exec(index)?.[1];
      if (!entry || !index.includes(ROOT_ELEMENT)) throw new Error('index.html has no entry script or root');
      const largest = [...index.matchAll(MODULE_PRELOAD)]
        .map((match) => match[1]!)
        .filter((file) => statSync(join(outDir, file)).size >= LARGE_CHUNK_BYTES);
      const starterTag = (name: string) =>
        `<script type="module" crossorigin src="/assets/${name}"></script>`;
      // The entry itself is preloaded first: the starter imports it last, and a page whose screen's
      // chunks are preloaded too (the server adds them) would otherwise fetch it behind them.
      writeFileSync(
        join(outDir, 'index.html'),
        index.replace(
          ENTRY_SCRIPT,
          `${starterTag(writeStarter(outDir, entry, largest, false))}\n    <link rel="modulepreload" crossorigin href="${entry}">`,
        ),
      );

      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      writeScreenChunks(config.root, outDir, manifest);
      const serverDir = join(config.root, SERVER_RENDER_DIR);
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: 'src/server-render.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
        // With its packages bundled, the module holds only the code the screens use (decision 450):
        // left external, Node loaded each package whole for as long as the server runs, the icon
        // package's CommonJS build with all its ~6,000 icons among them (50 MB of the server's
        // idle RSS, 217 → 166 MB).
        ssr: { noExternal: true },
      });
      const module = (await import(pathToFileURL(join(serverDir, 'server-render.js')).href)) as {
        renderPage(path: string): Promise<string>;
        MARKUP_SLOT: string;
        STATE_SLOT: string;
      };
      const afterPaint = starterTag(writeStarter(outDir, entry, largest, true));
      // A rendered page: no preloading (it paints first, then its starter loads the code), and
      // its screens' own styles, which would otherwise come with their code, after the paint.
      const renderedPage = (screens: string[], markup: string) => {
        const stylesheets = [...new Set(screens.flatMap((screen) => chunkStylesheets(manifest, screen)))]
          .filter((file) => !index.includes(`/${file}"`))
          .map((file) => `\n    <link rel="stylesheet" crossorigin href="/${file}">`);
        return index
          .replace(MODULE_PRELOAD, '')
          .replace(ENTRY_SCRIPT, afterPaint)
          .replace('</head>', `${stylesheets.join('')}\n  </head>`)
          .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
      };
      for (const screen of PRERENDERED_PAGES.map((page) => page.screen))
        if (!manifest[screen]) throw new Error(`${screen} is not a chunk of the build`);
      for (const page of PRERENDERED_PAGES)
        writeFileSync(
          join(outDir, page.file),
          renderedPage([page.screen], await module.renderPage(page.path)),
        );
      writeFileSync(
        join(serverDir, 'app-page.html'),
        renderedPage([], module.MARKUP_SLOT).replace('</body>', () => `${module.STATE_SLOT}\n  </body>`),
      );
    },
  };
}
