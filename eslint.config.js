import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Per-type product rules have one home, src/shared/product (isDigitalGood, needsShipping,
// tracksStock, isVariantSoldOut…): elsewhere, ask a named rule instead of comparing the type.
// Tests may still pick fixtures by type.
const PRODUCT_RULE_EXEMPT = ['src/shared/product/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'];
const productTypeComparisons = [
  'BinaryExpression > MemberExpression.left',
  'BinaryExpression > MemberExpression.right',
  'BinaryExpression > Identifier.left',
  'BinaryExpression > Identifier.right',
  'SwitchStatement > MemberExpression.discriminant',
  'SwitchStatement > Identifier.discriminant',
  "CallExpression[callee.property.name='includes'] > MemberExpression.arguments",
].map((selector) => ({
  selector: `${selector}[${selector.includes('Identifier') ? 'name' : 'property.name'}=/^(productType|product_type)$/]`,
  message:
    'Compare product types only in src/shared/product: use (or add) a named rule there, e.g. isDigitalGood, needsShipping, tracksStock, isGiftCard.',
}));

// Routes are typed by the TypeBox type provider (src/server/http/typed-app.ts): a cast to
// `Static<…>` would only hide a route whose schema and handler disagree.
const staticCast = {
  selector:
    "TSAsExpression > .typeAnnotation:matches(TSTypeReference[typeName.name='Static'], :has(TSTypeReference[typeName.name='Static']))",
  message:
    "No `as Static<…>`: give the route a schema and read req.body/query/params typed by the TypeBox type provider (http/typed-app.ts); elsewhere validate (Ajv's type guard) instead of casting.",
};

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
    // `no-restricted-syntax` is one rule: a later config would replace, not extend, the selectors
    // of an earlier one, so each group of files below gets the whole list it needs.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: PRODUCT_RULE_EXEMPT,
    rules: { 'no-restricted-syntax': ['error', ...productTypeComparisons] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: PRODUCT_RULE_EXEMPT,
    rules: { 'no-restricted-syntax': ['error', ...productTypeComparisons, staticCast] },
  },
  {
    files: ['src/server/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', staticCast] },
  },
  {
    // Browser bundles need only the texts of src/shared/errors.ts: a value import of `ErrorCode`
    // or `errorRegistry` pulls every record (status, docs) into the islands' shared chunk
    // (issue 13's JS budget). Name a code with a typed literal: `const X: ErrorCode = 'X'`.
    files: ['src/browser/**/*.ts', 'src/browser/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/errors.js'],
              importNames: ['ErrorCode', 'errorRegistry'],
              allowTypeImports: true,
              message:
                "Browser code imports only `Messages` (and `type ErrorCode`) from shared/errors: name a code as `const X: ErrorCode = 'X'`.",
            },
          ],
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
