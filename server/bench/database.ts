import pg from 'pg';

/** The PostgreSQL server the benchmarks make their databases on. */
export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new empty database `name` on the benchmark server (dropped first if a run left one); its URL. */
export async function freshBenchDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
