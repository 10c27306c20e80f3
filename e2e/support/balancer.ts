import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Balancer {
  url: string;
  /** What balances: Debian's nginx with the repository's config, or the Node stand-in when nginx is missing. */
  kind: 'nginx' | 'node';
  stop(): Promise<void>;
}

/**
 * A load balancer on 127.0.0.1:`port` in front of server processes on 127.0.0.1: nginx running
 * ops/nginx/alltrac.conf with these ports (its own prefix, pid and logs in a temp folder; never the system
 * service), or, when nginx is not installed, a small Node proxy that balances the same way, saying so.
 */
export async function startBalancer(port: number, upstreamPorts: number[]): Promise<Balancer> {
  if (fs.existsSync(nginxPath)) return startNginx(port, upstreamPorts);
  console.warn(`nginx is not installed at ${nginxPath} (apt-get install -y nginx, or set NGINX_PATH): balancing with a Node proxy instead.`);
  return startNodeBalancer(port, upstreamPorts);
}

/** The repository's config with the test's ports; throws if the config no longer has what this replaces. */
export function configWithPorts(config: string, port: number, upstreamPorts: number[]): string {
  const servers = /^( *)server 127\.0\.0\.1:8081 (.*);\n\s*server 127\.0\.0\.1:8082 .*;\n/m;
  if (!servers.test(config) || !/^ *listen 80;$/m.test(config))
    throw new Error('ops/nginx/alltrac.conf no longer has the upstream servers and listen line this test replaces');
  return config
    .replace(servers, (_line, indent: string, options: string) => upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p} ${options};\n`).join(''))
    .replace(/^( *)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

async function startNginx(port: number, upstreamPorts: number[]): Promise<Balancer> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-nginx-'));
  // Run as root, nginx's workers run as nobody: they must reach the temp folders.
  fs.chmodSync(prefix, 0o755);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => {
    fs.mkdirSync(path.join(prefix, name), { mode: 0o777 });
    fs.chmodSync(path.join(prefix, name), 0o777);
    return `  ${name}_temp_path ${path.join(prefix, name)};`;
  });
  fs.writeFileSync(path.join(prefix, 'alltrac.conf'), configWithPorts(fs.readFileSync(path.resolve('ops/nginx/alltrac.conf'), 'utf8'), port, upstreamPorts));
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${path.join(prefix, 'access.log')};`,
      ...temp,
      `  include ${path.join(prefix, 'alltrac.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(nginxPath, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // Listening once it answers (with whatever the processes answer); its exit means it refused the config.
  while (
    !(await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${log}`);
    if (Date.now() - started > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen in 10 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.warn(`Balancing with nginx (${nginxPath}) on ${url}, config ops/nginx/alltrac.conf.`);
  return {
    url,
    kind: 'nginx',
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * Round robin with nginx's passive health in small: a process that refuses a connection is skipped for 10 s
 * and the request goes to the next; WebSocket upgrades are tunnelled.
 */
async function startNodeBalancer(port: number, upstreamPorts: number[]): Promise<Balancer> {
  let next = 0;
  const downUntil = new Map<number, number>();
  const sockets = new Set<net.Socket>();
  const order = () => {
    const start = next++ % upstreamPorts.length;
    const ports = upstreamPorts.map((_, i) => upstreamPorts[(start + i) % upstreamPorts.length]!);
    return [...ports.filter((p) => (downUntil.get(p) ?? 0) <= Date.now()), ...ports.filter((p) => (downUntil.get(p) ?? 0) > Date.now())];
  };
  const connect = (ports: number[]): Promise<net.Socket> =>
    new Promise((resolve, reject) => {
      const [first, ...rest] = ports;
      if (first === undefined) {
        reject(new Error('no server process answers'));
        return;
      }
      const socket = net.connect(first, '127.0.0.1');
      socket.once('connect', () => {
        socket.removeAllListeners('error');
        resolve(socket);
      });
      socket.once('error', () => {
        downUntil.set(first, Date.now() + 10_000);
        connect(rest).then(resolve, reject);
      });
    });
  const server = http.createServer((request, response) => {
    connect(order()).then(
      (upstream) => {
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        const forwarded = http.request(
          {
            createConnection: () => upstream,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, connection: 'close', 'x-forwarded-for': request.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' },
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        forwarded.on('error', () => {
          if (!response.headersSent) response.writeHead(502).end();
          else response.destroy();
        });
        request.pipe(forwarded);
      },
      () => response.writeHead(502).end(),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request, client: net.Socket, head: Buffer) => {
    connect(order()).then(
      (upstream) => {
        sockets.add(upstream);
        const headers = Object.entries(request.headers)
          .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)
          .join('\r\n');
        upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers}\r\nx-forwarded-for: ${request.socket.remoteAddress ?? ''}\r\n\r\n`);
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        for (const socket of [client, upstream]) {
          socket.on('error', end);
          socket.on('close', end);
        }
      },
      () => client.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    kind: 'node',
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
