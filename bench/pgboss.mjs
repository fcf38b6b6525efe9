// pg-boss beside outbox on PostgreSQL (figure 24), driven as its users
// drive it: `insert` in batches of 1,000, then `fetch(queue, {batchSize:
// 500})` and `complete(queue, ids)` in one loop until the queue is empty,
// with pg-boss's default retention (it keeps every finished job). Prints
// one JSON line: seconds to insert and to drain, and the pages of every
// index of its schema after the drain (`pg_relation_size` / 8192).
//
// Usage: node bench/pgboss.mjs POSTGRES_URL SCHEMA COUNT
// (pg-boss comes from target/bench/pgboss, installed there by the bench.)

import { createRequire } from "node:module";
import path from "node:path";

const [url, schema, countText] = process.argv.slice(2);
const count = Number(countText);
const here = path.dirname(new URL(import.meta.url).pathname);
const require = createRequire(path.join(here, "..", "target", "bench", "pgboss", "package.json"));
const { PgBoss } = await import(require.resolve("pg-boss"));
const pg = require("pg");

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);

// No supervisor or scheduler running beside the drain: only the work.
const boss = new PgBoss({ connectionString: url, schema, supervise: false, schedule: false });
boss.on("error", (error) => console.error(error));
await boss.start();
const queue = "bench";
await boss.createQueue(queue);

let started = process.hrtime.bigint();
for (let at = 0; at < count; at += 1000) {
  const jobs = [];
  for (let n = at; n < Math.min(at + 1000, count); n++) {
    jobs.push({ data: { n, total: 42.5 } });
  }
  await boss.insert(queue, jobs);
}
const insertSeconds = Number(process.hrtime.bigint() - started) / 1e9;

started = process.hrtime.bigint();
let drained = 0;
for (;;) {
  const jobs = await boss.fetch(queue, { batchSize: 500 });
  if (jobs.length === 0) break;
  await boss.complete(queue, jobs.map((job) => job.id));
  drained += jobs.length;
}
const drainSeconds = Number(process.hrtime.bigint() - started) / 1e9;

const sizes = await admin.query(
  `SELECT c.relname AS index, pg_relation_size(c.oid) / 8192 AS pages
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = $1 AND c.relkind = 'i' ORDER BY 1`,
  [schema],
);
const indexPages = Object.fromEntries(sizes.rows.map((row) => [row.index, Number(row.pages)]));
await boss.stop({ graceful: false, wait: true });
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
await admin.end();
console.log(JSON.stringify({ count, drained, insertSeconds, drainSeconds, indexPages }));
