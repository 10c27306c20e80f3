import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Features never import each other (what two share moves to a shared module, src/app or src/domain), and the
 * customers' pages start without the staff app's worker: zones read from the folders, so a new feature is held
 * to it as soon as it exists.
 */
const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Features never import each other: move what both need to a shared module (src/app, src/domain).',
}));

/**
 * A server module reaches another module's tables and queries (its tables.ts, lookups), never its route file: route
 * files register routes, and what another module needs of them moves out beside them. Messaging is held to it too.
 */
const serverModules = fs
  .readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const routeFiles = './server/modules/*/**/*routes.ts';
const routeFileMessage = "A server module never imports another module's route file: move what it needs (a table spec, a query) to that module's tables.ts.";
const moduleZones = [
  ...serverModules.map((module) => ({
    target: `./server/modules/${module}`,
    from: routeFiles,
    except: [`**/server/modules/${module}/**`],
    message: routeFileMessage,
  })),
  { target: './server/messaging', from: routeFiles, message: routeFileMessage },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'data/', 'node_modules/', 'coverage/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Biome formats code to 160 columns (biome.json); this catches the comments and lines it cannot break.
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
      // Shared code flows one way: contract and domain are used by everyone and use no one.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/contract',
              from: ['./src/domain', './src/app', './src/features', './src/db', './src/sync', './src/routes', './server', './workers'],
            },
            { target: './src/domain', from: ['./src/app', './src/features', './src/db', './src/sync', './src/routes', './server', './workers'] },
            { target: './src', from: ['./server', './tests', './e2e'] },
            { target: './server', from: ['./src/app', './src/features', './src/db', './src/sync', './src/routes', './workers'] },
            {
              target: './src/features/public',
              from: ['./workers', './src/sync', './src/db'],
              message: "The customers' pages start without the staff app's worker, replica or sign-in.",
            },
            ...featureZones,
            {
              target: './src/features',
              from: './workers',
              message: 'Features reach the worker through src/sync (its client) and share types through src/contract or src/domain.',
            },
            {
              target: './workers',
              from: ['./src/app', './src/features'],
              message: 'The worker runs without the shell or any screen: share through src/domain.',
            },
            {
              target: './src/app',
              from: './src/features',
              message: 'The shell never imports a feature: move what both need to a shared module (src/app, src/domain).',
            },
            ...moduleZones,
            {
              target: './server/db/migrations',
              from: ['./server', './src', './workers'],
              except: ['./db/migrations', './db/migration-helpers.ts'],
              message: 'A migration is frozen: it carries its own copy of what it needs, so its meaning never changes with live code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Inside a write only the write's transaction may be reached: PGlite has one connection, and a query on the
    // server's handle there waits for the transaction that waits for it (server/db/transaction-guard.ts refuses it
    // at run time; this finds it where it is written).
    files: ['server/**/*.ts'],
    ignores: ['server/db/transaction-guard.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open a transaction with transact() (server/db/transaction-guard.ts): it keeps the server handle out of it.',
        },
        {
          selector:
            "CallExpression:matches([callee.name='transact'], [callee.property.name=/^(run|background)$/][callee.object.name=/^(writes|writePath)$/], [callee.property.name=/^(run|background)$/][callee.object.property.name=/^(writes|writePath)$/]) > :function Identifier[name='db']",
          message: 'Inside a write reach the database only through its transaction (w.trx): a query on the server handle hangs PGlite.',
        },
      ],
    },
  },
  {
    files: ['server/main.ts', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
