/** Keeps DESIGN.md section 4's one-way dependencies true: shared imports nothing of ours,
 *  browser never imports server, domains stay out of each other's internals. */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      severity: 'error',
      from: { path: '^src/shared' },
      to: { path: '^src/(server|browser)' },
    },
    {
      name: 'shared-no-node',
      severity: 'error',
      from: { path: '^src/shared' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-not-server',
      severity: 'error',
      from: { path: '^src/browser' },
      to: { path: '^src/server' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
