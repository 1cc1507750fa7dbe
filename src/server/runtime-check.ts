import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';

/** The oldest Node the server runs on: package.json's `engines` (22.12+ and 24, the reference; decision 043). */
export const MINIMUM_NODE = '22.12.0';

function atLeast(version: string, minimum: string): boolean {
  const [a = 0, b = 0, c = 0] = version.split('.').map(Number);
  const [x = 0, y = 0, z = 0] = minimum.split('.').map(Number);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

/**
 * One line when this Node is too old for the server, said before anything loads a native module:
 * better-sqlite3's prebuilt binary crashes Node 20 outright, which no `try` can catch.
 * `projectNode` is the Node that `npm ci` installed for this checkout, when it did.
 */
export function nodeVersionProblem(version: string, execPath: string, projectNode?: string): string | undefined {
  if (atLeast(version, MINIMUM_NODE)) return undefined;
  const fix = projectNode
    ? `start it with the project's own Node: npm start (or ${projectNode} dist/server/main.js)`
    : "run npm ci && npm start (npm on this Node installs the project's own Node 24), or install Node 24";
  return `Atlas Invest needs Node ${MINIMUM_NODE} or later; this is Node v${version} (${execPath}): ${fix}`;
}

/** One line when the SQLite driver's native module does not load on this Node (built for another one). */
export function nativeModuleProblem(load: () => void, nodeVersion: string): string | undefined {
  try {
    load();
    return undefined;
  } catch (err) {
    const reason = String(err instanceof Error ? err.message : err).split('\n')[0];
    return `better-sqlite3's native module does not load on Node v${nodeVersion} (${reason}): run npm ci`;
  }
}

/** The first thing the server and the admin CLI do: a wrong Node or native module stops them here, in one line. */
export function exitOnRuntimeProblem(): void {
  const projectNode = 'node_modules/.bin/node';
  const installed = existsSync(fileURLToPath(new URL(`../../${projectNode}`, import.meta.url)));
  const problem =
    nodeVersionProblem(process.versions.node, process.execPath, installed ? projectNode : undefined) ??
    nativeModuleProblem(() => new SQLite(':memory:').close(), process.versions.node);
  if (problem === undefined) return;
  console.error(problem);
  process.exit(1);
}
