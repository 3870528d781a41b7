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
    // Per-type product rules have one home, src/shared/product (isDigitalGood, needsShipping,
    // tracksStock, isVariantSoldOut…): elsewhere, ask a named rule instead of comparing the type.
    // Tests may still pick fixtures by type.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/shared/product/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
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
        })),
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
