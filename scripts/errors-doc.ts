/** `npm run docs:errors`: writes docs/errors.md from the error registry (src/shared/errors.ts). */
import fs from 'node:fs';
import { ERRORS_DOC_PATH, errorsDoc } from '../src/server/errors/errors-doc.js';

fs.writeFileSync(ERRORS_DOC_PATH, await errorsDoc());
console.log(`wrote ${ERRORS_DOC_PATH}`);
