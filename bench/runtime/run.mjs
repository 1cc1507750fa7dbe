// Node 20 against Node 24 in one run on one machine (issue 44, decision 043): two checkouts, the
// commit before the move (Node 20, TypeScript 5.9, Vite 7) and after it (Node 24, TypeScript 7,
// Vite 8), each on the Node its own npm scripts run on, take turns at the same tasks:
//   typecheck · build · unit · int (both dialects when TEST_DATABASE_URL is set) · transfers
//   (bench/transfers, ratios to the raw baselines of ../shared/bench started by the same Node) ·
//   pages (bench/pages on the slowest routes) · ci (the checkout's whole .ci/run: --tasks ci).
// Each task runs on both checkouts in one order, then in the reverse order in the next round, so that
// a drift of the machine weighs on both alike. Wall time, and the CPU time of the task's processes.
// It prints every figure and ends with the Markdown table for bench/README.md; the logs of every
// task are kept under --out.
//
// Usage: node bench/runtime/run.mjs --before DIR [--after .] [--rounds 2]
//          [--tasks typecheck,build,unit,int,transfers,pages] [--out /tmp/atlas-runtime-bench]
//          [--before-path DIR] [--after-path DIR] [--transfers "--duration 8 --rounds 2"]
//          [--pages "/withdraw /profile /admin/overview /charts"] [--port 5310]
//   DIR: a clone at the commit before the move, with its own `npm ci` done on the machine's Node
//   (git clone --no-local . DIR && git -C DIR checkout <commit> && (cd DIR && npm ci)).
//   --before-path / --after-path: a folder put first on that checkout's PATH; by default nothing
//   for the one before (the machine's Node), and the project's own Node 24 (.ci/node.sh) after.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const here = path.resolve(import.meta.dirname, '../..');
const before = arg('before', undefined);
if (!before) {
  console.error('--before DIR is required: a checkout of the commit before the move, npm ci done');
  process.exit(2);
}
const rounds = Number(arg('rounds', '2'));
const tasks = arg('tasks', 'typecheck,build,unit,int,transfers,pages').split(',');
const out = arg('out', path.join(os.tmpdir(), 'atlas-runtime-bench'));
const port = Number(arg('port', '5310'));
const transferArgs = arg('transfers', '--duration 8 --rounds 2').split(' ').filter(Boolean);
const pageRoutes = arg('pages', '/withdraw /profile /admin/overview /charts').split(' ').filter(Boolean);
mkdirSync(out, { recursive: true });

const projectNode = () => path.join(execFileSync(path.join(here, '.ci/node.sh')).toString().trim(), 'bin');
const sides = [
  { name: 'before', dir: path.resolve(before), pathFirst: arg('before-path', '') },
  { name: 'after', dir: path.resolve(arg('after', '.')), pathFirst: arg('after-path', undefined) ?? projectNode() },
].map((side) => {
  const env = { ...process.env, PATH: side.pathFirst ? `${side.pathFirst}:${process.env.PATH}` : process.env.PATH };
  const version = (cmd) =>
    execFileSync('npm', ['exec', '--', ...cmd], { cwd: side.dir, env })
      .toString()
      .trim();
  const typescript = execFileSync('npm', ['run', '--silent', 'typecheck', '--', '--version'], { cwd: side.dir, env })
    .toString()
    .trim()
    .split('\n')
    .at(-1);
  return {
    ...side,
    env,
    node: `${version(['node', '-v'])} (${version(['node', '-p', 'process.execPath'])})`,
    typescript,
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: side.dir }).toString().trim(),
  };
});

/** CPU seconds of this process's finished children (user + system), from /proc (Linux). */
function childrenCpu() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const commands = {
  typecheck: ['npm', 'run', 'typecheck'],
  build: ['npm', 'run', 'build'],
  unit: ['npm', 'run', 'test:unit'],
  int: ['npm', 'run', 'test:int'],
  transfers: ['node', 'bench/transfers/run.mjs', '--port', String(port + 10), ...transferArgs],
  pages: ['node', 'bench/pages/run.mjs', '--port', String(port), ...pageRoutes],
  ci: ['bash', '.ci/run'],
};
/** The lines of a task's output that carry its figures. */
const figures = {
  transfers: (text) => text.slice(text.indexOf('share of the raw baseline')).trim(),
  pages: (text) => text.slice(text.lastIndexOf('median')).trim(),
  unit: (text) => text.match(/^ +Tests +.*$/m)?.[0].trim() ?? '',
  int: (text) => [...text.matchAll(/^ +Tests +.*$/gm)].map((m) => m[0].trim()).join(' · '),
};

const results = []; // { task, side, round, seconds, cpu, ok }
console.log(`Node 20 against Node 24, ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${load()}`);
for (const side of sides)
  console.log(`  ${side.name.padEnd(6)} ${side.commit} ${side.dir}: node ${side.node}, ${side.typescript}`);

for (const task of tasks) {
  if (!commands[task]) throw new Error(`unknown task ${task}`);
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const [cmd, ...args] = commands[task];
      const log = path.join(out, `${task}-${side.name}-${round + 1}.log`);
      const loadBefore = load();
      const cpu0 = childrenCpu();
      const t0 = process.hrtime.bigint();
      const run = spawnSync(cmd, args, {
        cwd: side.dir,
        env: { ...side.env, CI: task === 'ci' ? 'true' : (side.env.CI ?? '') },
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const cpu = childrenCpu() - cpu0;
      const text = `${run.stdout ?? ''}\n${run.stderr ?? ''}`;
      writeFileSync(log, text);
      const ok = run.status === 0;
      results.push({ task, side: side.name, round, seconds, cpu, ok, figures: figures[task]?.(text) ?? '' });
      console.log(
        `${task.padEnd(9)} ${side.name.padEnd(6)} round ${round + 1}: ${seconds.toFixed(1)} s wall, ` +
          `${cpu.toFixed(1)} s CPU${ok ? '' : ` FAILED (exit ${run.status}, ${log})`}, load ${loadBefore} → ${load()}`,
      );
      if (figures[task]) console.log(`  ${figures[task](text).replaceAll('\n', '\n  ')}`);
    }
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log('\n| task | before: wall (CPU) | after: wall (CPU) | after / before |');
console.log('|---|---|---|---|');
for (const task of tasks) {
  const of = (side, key) => median(results.filter((r) => r.task === task && r.side === side).map((r) => r[key]));
  const failed = results.some((r) => r.task === task && !r.ok) ? ' (a run failed: see its log)' : '';
  console.log(
    `| ${task} | ${of('before', 'seconds').toFixed(1)} s (${of('before', 'cpu').toFixed(1)} s) | ` +
      `${of('after', 'seconds').toFixed(1)} s (${of('after', 'cpu').toFixed(1)} s) | ` +
      `${((100 * of('after', 'seconds')) / of('before', 'seconds')).toFixed(0)} %${failed} |`,
  );
}
console.log(`\nmedians of ${rounds} round(s); logs in ${out}`);
