import http from 'node:http';
import net from 'node:net';

/**
 * A reverse proxy in front of the app server that can misbehave like a bad network: refuse everything
 * (network cut), or let a write reach the server and then lose its reply (the server committed, the device
 * never hears). WebSocket upgrades are passed through so the live connection works.
 */
export class FaultyProxy {
  /** While true, every request and socket is refused. */
  down = false;
  /** Chance (0..1) that the reply to a write carrying an Idempotency-Key is lost after the server answered. */
  dropReplyChance = 0;
  droppedReplies = 0;
  private readonly server: http.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly upstreamPort: number,
    private readonly random: () => number,
  ) {
    this.server = http.createServer((req, res) => this.forward(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('upgrade', (req, socket, head) => this.tunnel(req, socket as net.Socket, head));
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', resolve));
  }

  /** Cuts every open connection now (including the live connection's socket). */
  cut(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.down = false;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.down) {
      req.socket.destroy();
      return;
    }
    const isWrite = req.method !== 'GET' && !!req.headers['idempotency-key'];
    const upstream = http.request({ host: '127.0.0.1', port: this.upstreamPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (isWrite && this.random() < this.dropReplyChance) {
        // The server has done the work; the device loses the answer.
        this.droppedReplies++;
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  }

  private tunnel(req: http.IncomingMessage, socket: net.Socket, head: Buffer): void {
    if (this.down) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    const upstream = net.connect(this.upstreamPort, '127.0.0.1', () => {
      const headers = Object.entries(req.headers)
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)
        .join('\r\n');
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    this.sockets.add(upstream);
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
    upstream.on('close', end);
    socket.on('close', end);
  }
}

/** A small seeded generator, so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
