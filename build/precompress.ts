import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser downloads; images and fonts are compressed already, and source maps are for developers. */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this the headers cost more than the bytes saved. */
const minBytes = 1024;

/**
 * A `.br` and a `.gz` copy beside every text file of the build, made once at build time at the highest levels
 * (the server sends the copy the browser accepts: @fastify/static's `preCompressed`; nginx's `gzip_static`). It
 * runs after every other plugin's last step, so the service worker that vite-plugin-pwa builds then is included.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'alltrac:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => precompressDirectory(outDir),
    },
  };
}

/** Every text file below `dir` gets its `.br` and `.gz` copies (written again when there). */
export async function precompressDirectory(dir: string): Promise<void> {
  await Promise.all(textFiles(dir).map(compressBeside));
}

function textFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.statSync(file).size >= minBytes);
}

async function compressBeside(file: string): Promise<void> {
  const raw = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file would only cost a lookup: the server falls back to the file itself.
  if (br.length < raw.length) await fs.promises.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.promises.writeFile(`${file}.gz`, gz);
}
