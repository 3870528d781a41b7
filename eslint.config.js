import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': 'off',
    },
  },
  {
    // Routes are typed by the TypeBox type provider (src/server/http/typed-app.ts): a cast to
    // `Static<…>` would only hide a route whose schema and handler disagree.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSAsExpression > .typeAnnotation:matches(TSTypeReference[typeName.name='Static'], :has(TSTypeReference[typeName.name='Static']))",
          message:
            "No `as Static<…>`: give the route a schema and read req.body/query/params typed by the TypeBox type provider (http/typed-app.ts); elsewhere validate (Ajv's type guard) instead of casting.",
        },
      ],
    },
  },
  {
    // Plain JS scripts (benchmarks, CI helpers) run on Node; the benchmark also evaluates code in
    // the browser through Playwright.
    files: ['**/*.mjs', '**/*.cjs', 'bench/**', '.ci/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
