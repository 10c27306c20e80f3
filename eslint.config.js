import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/'] },
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
      // Shared code flows one way: contract and domain are used by everyone and use no one.
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './src/contract', from: ['./src/domain', './src/app', './src/features', './src/db', './src/sync', './src/routes', './server', './workers'] },
          { target: './src/domain', from: ['./src/app', './src/features', './src/db', './src/sync', './src/routes', './server', './workers'] },
          { target: './src', from: ['./server', './tests', './e2e'] },
          { target: './server', from: ['./src/app', './src/features', './src/db', './src/sync', './src/routes', './workers'] },
        ],
      }],
    },
  },
  {
    files: ['server/main.ts', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
