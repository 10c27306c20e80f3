import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The balancer's probes ask each process directly, over plain http and by its own address. */
const probePaths = new Set(['/healthz', '/readyz']);
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Spec section 9: insecure http is upgraded to https, and the apex domain goes to the subdomain users reach
 * (PUBLIC_URL's host: `app.example.com` for the apex `example.com`), except on localhost. Only with an https
 * PUBLIC_URL behind a proxy (TRUST_PROXY): the process speaks plain http itself, so without a proxy saying the
 * scheme (X-Forwarded-Proto) every request would look insecure and be redirected for ever. GET and HEAD get a
 * 301; other methods a 308, so the browser sends the body again.
 */
export function hostingRules(app: FastifyInstance, config: Config): void {
  const publicUrl = new URL(config.publicUrl);
  const behindProxy = Array.isArray(config.trustProxy) ? config.trustProxy.length > 0 : config.trustProxy !== false && config.trustProxy > 0;
  if (publicUrl.protocol !== 'https:' || !behindProxy || localHosts.has(publicUrl.hostname)) return;
  // The apex is the public host less its first label; a host of two labels, or an address, has none.
  const labels = publicUrl.hostname.split('.');
  const apex = labels.length > 2 && net.isIP(publicUrl.hostname) === 0 ? labels.slice(1).join('.') : null;

  app.addHook('onRequest', async (request, reply) => {
    const hostname = request.hostname.toLowerCase();
    if (!hostname || localHosts.has(hostname) || probePaths.has(request.url.split('?')[0]!)) return;
    const onApex = hostname === apex;
    if (!onApex && request.protocol === 'https') return;
    // The public host keeps its port; another host goes to https's own port.
    const host = onApex || hostname === publicUrl.hostname ? publicUrl.host : hostname;
    return reply.redirect(`https://${host}${request.url}`, request.method === 'GET' || request.method === 'HEAD' ? 301 : 308);
  });
}

/** Earlier builds' chunks, kept after dist is rebuilt (vite empties it): in DATA_DIR, which every deploy keeps. */
export function assetArchiveDir(config: Config): string {
  return path.join(config.dataDir, 'assets-archive');
}

/** A page still running an earlier build may ask for its chunks this long after a deploy (weeks-old open tabs). */
const keepArchivedMs = 30 * 86_400_000;

/**
 * At start: every file of the build's assets into the archive (kept, and its time renewed, when already there),
 * then files no build has had for 30 days are dropped. Processes sharing the archive may do it at once: a copy
 * is written aside and renamed into place, so none ever serves half a file.
 */
export function archiveAssets(assetsDir: string, archiveDir: string): void {
  fs.mkdirSync(archiveDir, { recursive: true });
  const now = new Date();
  for (const entry of fs.readdirSync(assetsDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const archived = path.join(archiveDir, entry.name);
    if (!fs.existsSync(archived)) {
      const aside = path.join(archiveDir, `.${entry.name}.${process.pid}.${Math.random().toString(36).slice(2)}`);
      fs.copyFileSync(path.join(assetsDir, entry.name), aside, fs.constants.COPYFILE_FICLONE);
      fs.renameSync(aside, archived);
    }
    fs.utimesSync(archived, now, now);
  }
  for (const name of fs.readdirSync(archiveDir)) {
    const stat = fs.statSync(path.join(archiveDir, name), { throwIfNoEntry: false });
    if (stat?.isFile() && now.getTime() - stat.mtimeMs > keepArchivedMs) fs.rmSync(path.join(archiveDir, name), { force: true });
  }
}

/** The archived file a request for `/assets/<name>` names, or null: plain names only, never a dot file. */
export function archivedAsset(archiveDir: string, pathname: string): string | null {
  const name = /^\/assets\/([\w-][\w.-]*)$/.exec(pathname)?.[1];
  return name && fs.statSync(path.join(archiveDir, name), { throwIfNoEntry: false })?.isFile() ? name : null;
}
