/**
 * `npm run migrate`: brings a database to the current schema (scripts/migrations, docs/migrations.md).
 *
 *   npm run migrate                          the local emulator (DB_PORT, FIREBASE_PROJECT_ID as for npm start)
 *   npm run migrate -- --url https://<db>.firebaseio.com   a real database; the OAuth2 access token
 *                                            of a service account in FIREBASE_ACCESS_TOKEN
 *   npm run migrate -- --status              prints the stored and the latest version only
 */
import { parseArgs } from 'node:util';
import { restDb } from './migrations/database';
import { latestSchemaVersion, runMigrations, schemaVersion } from './migrations/runner';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    namespace: { type: 'string' },
    status: { type: 'boolean', default: false },
  },
});

const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-chat';
const local = values.url === undefined;
const token = local ? 'owner' : process.env.FIREBASE_ACCESS_TOKEN;
if (!token) {
  console.error(
    'Set FIREBASE_ACCESS_TOKEN to a service account access token (docs/migrations.md), e.g.\n' +
      '  FIREBASE_ACCESS_TOKEN=$(gcloud auth print-access-token --impersonate-service-account=…) npm run migrate -- --url …',
  );
  process.exit(2);
}
const db = restDb({
  url: values.url ?? `http://127.0.0.1:${process.env.DB_PORT ?? '9000'}`,
  accessToken: token,
  namespace: values.namespace ?? (local ? `${projectId}-default-rtdb` : undefined),
});

try {
  if (values.status) {
    console.log(
      `${db.describe}: schema version ${String(await schemaVersion(db))}, latest ${String(latestSchemaVersion())}`,
    );
  } else {
    const report = await runMigrations(db, (line) => console.log(line));
    console.log(
      report.ran.length === 0
        ? `${db.describe}: already at schema version ${String(report.to)}, nothing to do.`
        : `${db.describe}: migrated from schema version ${String(report.from)} to ${String(report.to)}.`,
    );
  }
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
