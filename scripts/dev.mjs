// Development: the API server with watch (tsx) and Vite's dev server with hot reload, proxied to it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    // The browser's origin in development is Vite's: the API refuses state-changing requests from any other.
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, PORT: port, SERVE_WEB: 'false' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit', env: { ...process.env, API_PORT: port } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
