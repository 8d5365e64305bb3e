import { fork } from 'node:child_process';
import { database } from './bench-database';
import { fixtures } from './fixtures';
import { launchBrowser } from './screens';
const jwtSecret = 'bench-secret-bench-secret-bench-secret-0123456789';
const db = await database();
const port = 47123;
const server = fork(`${process.cwd()}/dist/bench-server.js`, [], { env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), NODE_ENV: 'production', JWT_SECRET: jwtSecret, DATA_DIR: '/tmp/rrp-bench-files', DATABASE_POOL_SIZE: '20', NODE_OPTIONS: '--max-semi-space-size=16' } });
await new Promise((r) => server.once('message', r));
const f = await fixtures(db.url, jwtSecret);
const browser = (await launchBrowser('x'))!;
const base = `http://127.0.0.1:${port}`;
const path = process.argv[2] ?? '/request';
let visitNo = 0;
for (const round of [0, 1]) {
const ctx = await browser.createBrowserContext();
const page = await ctx.newPage();
page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('PAGEERROR visit', visitNo, String(e).slice(0, 600)));
await page.setViewport({ width: 1366, height: 900 });
if (process.env.TZ_EMULATE) await page.emulateTimezone(process.env.TZ_EMULATE);
await page.setCookie({ name: 'rrp_token', value: f.accounts[(process.env.ACCOUNT ?? 'admin') as 'admin'].token, url: base }, { name: 'rrp_role', value: f.accounts[(process.env.ACCOUNT ?? 'admin') as 'admin'].role, url: base }, ...(process.env.TZ_EMULATE ? [{ name: 'rrp_tz', value: encodeURIComponent(process.env.TZ_EMULATE), url: base }] : []));
const ROWS = `[...document.querySelectorAll('table tbody tr')].filter((row) => row.querySelector('td')).length >= 10 && performance.now()`;
for (let i = 0; i < 4; i++) {
  visitNo = i;
  await page.goto(`${base}${path}`);
  const t = Number(await (await page.waitForFunction(ROWS, { polling: 'raf', timeout: 30000 })).jsonValue());
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => `${e.startTime.toFixed(0).padStart(5)}→${e.responseEnd.toFixed(0).padStart(5)} ${e.transferSize > 0 ? 'net' : 'cache'} ${e.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`);
    return [`nav: responseEnd ${nav.responseEnd.toFixed(0)} domInteractive ${nav.domInteractive.toFixed(0)} dcl ${nav.domContentLoadedEventEnd.toFixed(0)}`, ...res];
  });
  if (i === 0) await page.screenshot({ path: `/tmp/x/diag-early-${round}.png` });
  console.log(`--- visit ${i}: rows at ${t.toFixed(0)} ms`);
  if (i === 0 || i === 3) console.log(entries.join('\n'));
}
await new Promise((r) => setTimeout(r, 1500));
console.log('cookie', await page.evaluate(() => document.cookie));
const ssr = await page.evaluate(async () => { const html = await (await fetch(location.href)).text(); const d = new DOMParser().parseFromString(html, 'text/html'); return (() => { const w = d.createTreeWalker(d.getElementById('root')!, NodeFilter.SHOW_TEXT); const out: string[] = []; while (w.nextNode()) { const n = w.currentNode; if (n.parentElement?.tagName !== 'STYLE') out.push(n.textContent!); } return out.join('\n'); })(); });
const live = await page.evaluate(() => (() => { const w = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT); const out: string[] = []; while (w.nextNode()) { const n = w.currentNode; if (n.parentElement?.tagName !== 'STYLE') out.push(n.textContent!); } return out.join('\n'); })());
const a = ssr.split('\n'), b = live.split('\n');
for (let k = 0; k < Math.max(a.length, b.length); k++) if (a[k] !== b[k]) { console.log('DIFF', k, JSON.stringify(a.slice(k - 3, k + 12)), JSON.stringify(b.slice(k - 3, k + 12))); break; }
console.log('hydrated', await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer'))));
await page.screenshot({ path: `/tmp/x/diag-${round}.png` });
await ctx.close();
}
await browser.close();
server.kill();
db.stop();
process.exit(0);
