// Development mode: the reference server (restarted on change) beside rsbuild's dev server with hot reload.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '1888';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'app/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, ['node_modules/@rsbuild/core/bin/rsbuild.js', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
