import pg from 'pg';
import { startPostgresCluster } from '../test/postgres-cluster';
const cluster = await startPostgresCluster(`/work/main/data/bench-postgres`, ['max_connections=200','shared_buffers=512MB','synchronous_commit=off']);
const url = cluster.url.replace(/\/postgres$/, '/rrp_bench');
const client = new pg.Client({ connectionString: url, options: '-c jit=off -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0' }); await client.connect();
for (const q of process.argv.slice(2)) {
  const r = await client.query(q);
  console.log(r.rows.map((x) => Object.values(x).join(' ')).join('\n'));
}
await client.end(); cluster.stop('fast');
