// `npm run db:check`: reads DATABASE_URL (the server's settings: a local file by default, or a
// remote libSQL database) and lists every row that breaks one of the lifecycle's invariants
// (src/features/lifecycle/invariants.server.ts), grouped by rule, then the total.
// Read-only: it neither migrates nor changes anything. Exit codes: 0 no problem, 1 problems
// found, 2 the database could not be read.
import { describeProblems, findProblems } from '#features/lifecycle/invariants.server.ts';
import { openDatabase } from '#server/db/client.ts';
import { serverEnv } from '#server/env.ts';

const env = serverEnv();
const started = performance.now();
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
try {
  database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  const problems = await findProblems(database.client);
  console.log(describeProblems(problems));
  console.log(`checked in ${Math.round(performance.now() - started)} ms`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`db:check could not read the database: ${message}`);
  process.exitCode = 2;
} finally {
  database?.client.close();
}
