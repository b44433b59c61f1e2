/**
 * The house rules for imports, as data (docs/architecture.md says why each holds). Checked in
 * `npm test` by import-rules.test.ts and printed by `npm run lint:imports`; today's breaches are
 * listed in allowed.json, a list that may only shrink.
 */

/** Tests and the kits only tests use: production code never imports them. */
export const TEST_CODE = [
  /\.test\.tsx?$/,
  /\/testing\//,
  /-test-kit\.ts$/,
  /\/test-context\.ts$/,
  /^src\/server\/db\/(vitest|temp)-database\.ts$/,
  /^src\/server\/email\/smtp-test-server\.ts$/,
];

export const isTestCode = (path: string) => TEST_CODE.some((pattern) => pattern.test(path));

/** Where database access belongs: the use-case modules of each feature, and the platform. */
export const DATABASE_HOME = [/\.server\.ts$/, /^src\/server\//];

/** A rule on single imports: no production module matching `from` imports one matching `to`. */
export interface ImportRule {
  id: string;
  why: string;
  from: RegExp;
  to: RegExp;
}

export const IMPORT_RULES: readonly ImportRule[] = [
  {
    id: 'platform-imports-no-feature',
    why: 'src/server is the platform every feature stands on; it learns of features only by registration.',
    from: /^src\/server\//,
    to: /^src\/features\//,
  },
  {
    id: 'shared-code-imports-no-feature',
    why: 'Components, lib, data and integrations are shared below the features.',
    from: /^src\/(components|lib|data|integrations|styles)\//,
    to: /^src\/features\//,
  },
  {
    id: 'production-imports-no-test-code',
    why: 'A test kit in the build ships test data and fakes to production.',
    from: /^src\//,
    to: new RegExp(TEST_CODE.map((pattern) => pattern.source).join('|')),
  },
];

/** Value imports that are database access: the query builder, the driver, a table. */
export const DATABASE_PACKAGES = ['npm:drizzle-orm', 'npm:@libsql/client'];
