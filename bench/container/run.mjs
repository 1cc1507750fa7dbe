// Container image size and cold start (decision 027). Prints; asserts nothing.
//   node bench/container/run.mjs [image] [base]
// image: an already built tag (default localhost/atlas-invest:ci, built by `npm run test:container`);
// base: the image it was built FROM (default: .ci/container/base.sh's tag). Targets: the layers
// above the base under 250 MB; from `podman run` on an empty volume to /readyz under 5 s.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env, CONTAINERS_CONF: path.join(repo, '.ci/container/containers.conf') };
const podman = (...args) => execFileSync('podman', args, { env, encoding: 'utf8' }).trim();
const image = process.argv[2] ?? 'localhost/atlas-invest:ci';
const base =
  process.argv[3] ?? execFileSync(path.join(repo, '.ci/container/base.sh'), { env, encoding: 'utf8' }).trim();
const RUNS = 5;

const size = (ref) => Number(podman('image', 'inspect', '--format', '{{.Size}}', ref));
const mb = (bytes) => (bytes / 1e6).toFixed(1);
const total = size(image);
const own = total - size(base);
console.log(`image ${image}: ${mb(total)} MB in all, ${mb(own)} MB above the base (${base}, ${mb(size(base))} MB)`);
console.log(
  podman('history', '--format', '{{.Size}}\t{{.CreatedBy}}', image)
    .split('\n')
    .slice(0, 8)
    .map((l) => `  ${l.slice(0, 110)}`)
    .join('\n'),
);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const starts = [];
for (let i = 0; i < RUNS; i++) {
  const port = await freePort();
  const name = `atlas-bench-${process.pid}-${i}`;
  const t0 = performance.now();
  podman('run', '-d', '--name', name, '--read-only', '-v', `${name}:/data`, '-p', `127.0.0.1:${port}:3000`, image);
  let ready = false;
  while (!ready && performance.now() - t0 < 60_000) {
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - t0;
  podman('rm', '-f', '-t', '5', name);
  podman('volume', 'rm', '-f', name);
  if (!ready) throw new Error(`${name} not ready after 60 s`);
  starts.push(ms);
  console.log(`cold start ${i + 1}: ${(ms / 1000).toFixed(2)} s (podman run on an empty volume → /readyz 200)`);
}
starts.sort((a, b) => a - b);
console.log(
  `cold start: median ${(starts[RUNS >> 1] / 1000).toFixed(2)} s, best ${(starts[0] / 1000).toFixed(2)} s, worst ${(starts.at(-1) / 1000).toFixed(2)} s (target < 5 s); size above the base ${mb(own)} MB (target < 250 MB)`,
);
