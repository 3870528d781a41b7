import prettier from 'prettier';
import { errorRegistry, type ErrorRecord } from '../../shared/errors.js';

/** Where the generated error list lives, and the command that writes it. */
export const ERRORS_DOC_PATH = 'docs/errors.md';
export const ERRORS_DOC_COMMAND = 'npm run docs:errors';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/errors.md as `npm run docs:errors` writes it: rendered, then formatted as `npm run lint` wants. */
export async function errorsDoc(registry?: Record<string, ErrorRecord>): Promise<string> {
  const options = await prettier.resolveConfig(ERRORS_DOC_PATH);
  return prettier.format(renderErrorsDoc(registry), { ...options, parser: 'markdown' });
}

/**
 * docs/errors.md from the registry (before Prettier's table alignment): every code with its
 * status, default text and when it happens, in the registry's order.
 */
function renderErrorsDoc(registry: Record<string, ErrorRecord> = errorRegistry): string {
  const rows = Object.entries(registry).map(
    ([code, r]) =>
      `| \`${code}\` | ${r.status} | ${r.message ? cell(r.message) : '(blank)'} | ${cell(r.doc)} |`,
  );
  return [
    '# Error codes',
    '',
    `Generated from \`errorRegistry\` in \`src/shared/errors.ts\` by \`${ERRORS_DOC_COMMAND}\`; do not`,
    'edit by hand. Every API error answers with the status below and the body',
    '`{ error: { code, message, ...details }, message }` (forms and the subscription call add SPEC',
    "8.4's and SPEC 7's `data`; see `src/server/errors/envelopes.ts`). The message is the default",
    'text; a service may give a more precise one (which options to choose, the minimum subtotal).',
    'Fastify client errors other than these (unsupported media type, bad JSON) answer `VALIDATION`',
    'with their own 4xx status.',
    '',
    '| code | status | default message | when |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
