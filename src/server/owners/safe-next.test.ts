import { expect, it } from 'vitest';
import { safeNext } from './safe-next.js';

it.each([
  [undefined, '/config'],
  ['/config', '/config'],
  ['/config#/orders/o-1', '/config#/orders/o-1'],
  ['/config?x=1#/forms', '/config?x=1#/forms'],
  // Off-site, other schemes, other paths.
  ['//evil.test/config', '/config'],
  ['https://evil.test/config', '/config'],
  ['javascript:alert(1)', '/config'],
  ['/shop', '/config'],
  ['/\\evil.test', '/config'],
  ['/config\\..\\..\\evil', '/config'],
  // Nothing a Location header cannot carry (issue 11: these were 500s).
  ['/config\r\nSet-Cookie: x=1', '/config'],
  ['/config\nX-Injected: 1', '/config'],
  ['/config\u0000', '/config'],
  ['/config/"><img src=x>', '/config/%22%3E%3Cimg%20src=x%3E'],
  ['/config#\u2028\u202e', '/config#%E2%80%A8%E2%80%AE'],
  ['/config/../shop', '/config'],
])('%j → %j', (next, expected) => expect(safeNext(next)).toBe(expected));
