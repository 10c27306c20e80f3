import helmet from '@fastify/helmet';
import { mapOrigin, mapsEnabled } from '../../src/domain/store/store-map.ts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The origins a page may connect to: the API and the hub (http and ws), and the sign-in authority. */
function connectOrigins(config: Config): string[] {
  const origins = new Set<string>(["'self'"]);
  for (const url of [config.appSettings.centralApi, config.appSettings.authority, config.publicUrl]) {
    const parsed = new URL(url);
    origins.add(parsed.origin);
    origins.add(`${parsed.protocol === 'https:' ? 'wss:' : 'ws:'}//${parsed.host}`);
  }
  return [...origins];
}

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy the app and the sign-in pages
 * work under (no inline script; styles inline, as Mantine sets them), no framing, no sniffing, a same-origin
 * referrer, and HSTS when served over https.
 */
export async function securityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectOrigins(config),
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // The store's map on the General settings, only where a maps key is set.
        frameSrc: mapsEnabled(config.appSettings.mapsKey) ? [mapOrigin] : ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 365 * 86_400, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    // The app loads nothing from other origins; no need to ask them to opt in.
    crossOriginEmbedderPolicy: false,
  });
}
