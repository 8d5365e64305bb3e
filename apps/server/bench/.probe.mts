import { fork } from 'node:child_process';
import pg from 'pg';
import { startPostgresCluster, freePort } from '../test/postgres-cluster';
import { TokenService } from '../src/platform/auth/tokens';
const jwtSecret = 'bench-secret-bench-secret-bench-secret-0123456789';
const cluster = await startPostgresCluster(`/work/main/data/bench-postgres`, ['max_connections=200','shared_buffers=512MB','synchronous_commit=off']);
const url = cluster.url.replace(/\/postgres$/, '/rrp_bench');
const port = await freePort();
const server = fork(`dist/bench-server.js`, [], { execArgv: process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [], env: { ...process.env, DATABASE_URL: url, PORT: String(port), NODE_ENV: 'production', JWT_SECRET: jwtSecret, DATA_DIR: '/tmp/rrp-bench-files', DATABASE_POOL_SIZE: '20', LOG_LEVEL: 'warn' } });
await new Promise<void>((r) => server.once('message', () => r()));
const client = new pg.Client({ connectionString: url }); await client.connect();
const admin = (await client.query(`select id, email, token_version from users where email = 'portal_admin@demo.test'`)).rows[0];
const token = await new TokenService(jwtSecret, 600).issue({ id: admin.id, email: admin.email, tokenVersion: admin.token_version });
await client.query("alter database rrp_bench set log_min_duration_statement = -1");
const paths = process.argv.slice(2);
for (const path of paths) {
  for (let i = 0; i < Number(process.env.N ?? 4); i++) {
    const t = performance.now();
    const r = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `JWT ${token}` } });
    const body = await r.text();
    if (i < 4) console.log(path, r.status, Math.round(performance.now() - t), 'ms', body.length);
  }
}
if (process.env.EXPLAIN) {
  await client.query(`load 'auto_explain'`).catch(()=>{});
}
await client.end(); server.kill('SIGTERM'); await new Promise((r) => server.once('exit', r)); cluster.stop('fast');
