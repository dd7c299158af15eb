/**
 * The built app, served as the school server serves it (server/app-files.ts): its files, and
 * the app's shell for every page. `vite preview` answers a page with that route's own preload
 * headers (Home's styles and modules), which the service worker keeps with the shell it
 * caches; no static host, and not the school server, sends them. Run by bench/run.ts in its own
 * process: `node --import tsx bench/app-host.ts <build dir> <port>`.
 */
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { serveAppFiles } from '../server/app-files';

const [dir, port] = process.argv.slice(2);
if (!dir || !port) throw new Error('Usage: app-host.ts <build dir> <port>');
const app = new Hono();
if (!serveAppFiles(app, dir)) throw new Error(`No built app in ${dir}.`);
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' });
