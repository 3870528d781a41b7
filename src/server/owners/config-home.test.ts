import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorAssets, renderConfigHome } from './config-home.js';
import type { Site } from '../sites/site-queries.js';

function publicDirWith(manifest: object | null): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-shell-'));
  if (manifest) {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

const site = { id: 'site-x', title: 'Tom & <Jerry>' } as Site;
const owner = {
  sessionId: 's',
  ownerId: 'o',
  email: 'owner@x.test',
  displayName: '</script><script>alert(1)</script>',
};

describe('the /config shell', () => {
  it('links the editor entry, its CSS and its static imports from the manifest', () => {
    const dir = publicDirWith({
      'src/browser/editor/main.tsx': {
        file: 'assets/editor-abc.js',
        name: 'editor',
        isEntry: true,
        css: ['assets/editor-abc.css'],
        imports: ['_react-1.js', '_api-2.js'],
      },
      '_react-1.js': { file: 'assets/react-1.js', name: 'react' },
      '_api-2.js': { file: 'assets/api-2.js', name: 'api', imports: ['_react-1.js'] },
      'src/browser/islands/main.ts': {
        file: 'assets/islands-x.js',
        name: 'islands',
        isEntry: true,
      },
    });
    expect(editorAssets(dir)).toEqual({
      script: '/assets/editor-abc.js',
      preloads: ['/assets/react-1.js', '/assets/api-2.js'],
      styles: ['/assets/editor-abc.css'],
    });
    const html = renderConfigHome({ site, owner, roles: [1, 8], publicDir: dir });
    expect(html).toContain('<script type="module" src="/assets/editor-abc.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/editor-abc.css">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/react-1.js">');
    expect(html).not.toContain('islands-x.js');
    expect(html).toContain('Signed in as <strong>owner@x.test</strong> · admin, store manager');
  });

  it('escapes the site and owner in the markup and the boot JSON', () => {
    const html = renderConfigHome({ site, owner, roles: [], publicDir: publicDirWith(null) });
    expect(html).toContain('<title>Tom &amp; &lt;Jerry&gt; · Dashboard</title>');
    expect(html).not.toContain('<script><script>alert');
    const boot = html.match(/<script type="application\/json" id="editor-boot">(.*?)<\/script>/s);
    expect(boot).not.toBeNull();
    expect(boot![1]).not.toContain('</script>');
    expect(JSON.parse(boot![1]!)).toEqual({
      siteId: 'site-x',
      siteTitle: 'Tom & <Jerry>',
      email: 'owner@x.test',
      displayName: '</script><script>alert(1)</script>',
      roles: [],
      roleLabel: 'no role on this website',
    });
    // Without a built bundle the page says so instead of loading nothing.
    expect(html).toContain('npm run build');
    expect(html).toContain('no role on this website');
  });
});
