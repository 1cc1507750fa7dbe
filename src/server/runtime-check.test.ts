import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, nativeModuleProblem, nodeVersionProblem } from './runtime-check';

describe('the runtime check at start', () => {
  it('lets 22.12 and later through, 24 and 26 included', () => {
    for (const version of ['22.12.0', '22.20.1', '24.0.0', '24.22.3', '26.1.0'])
      expect(nodeVersionProblem(version, '/usr/bin/node')).toBeUndefined();
  });

  it("stops an older Node with one line: which Node, and to start with the project's own", () => {
    for (const version of ['20.20.2', '22.11.0', '18.20.8']) {
      const line = nodeVersionProblem(version, '/usr/bin/node', 'node_modules/.bin/node');
      expect(line).toBe(
        `Atlas Invest needs Node 22.12.0 or later; this is Node v${version} (/usr/bin/node): start it with the ` +
          "project's own Node: npm start (or node_modules/.bin/node dist/server/main.js)",
      );
    }
  });

  it('without a Node of its own yet, says to run the README commands (or to install Node 24)', () => {
    const line = nodeVersionProblem('20.20.2', '/usr/bin/node');
    expect(line).toContain('run npm ci && npm start');
    expect(line).not.toContain('\n');
  });

  it('a native module built for another Node: one line naming it, and npm ci (a clean install takes the prebuilt binary)', () => {
    const line = nativeModuleProblem(() => {
      throw Object.assign(
        new Error(
          "The module '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\n" +
            'was compiled against a different Node.js version using\nNODE_MODULE_VERSION 115.',
        ),
        { code: 'ERR_DLOPEN_FAILED' },
      );
    }, '24.22.3');
    expect(line).toBe(
      "better-sqlite3's native module does not load on Node v24.22.3 (The module " +
        "'/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'): run npm ci",
    );
    expect(nativeModuleProblem(() => undefined, '24.22.3')).toBeUndefined();
  });

  it("is the minimum of package.json's engines", () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`^${MINIMUM_NODE} || ^24.0.0`);
  });
});
