import net from 'node:net';

/** A TCP relay to a service (Redis, PostgreSQL) that a test can cut and restore, as a network outage would. */
export class TcpRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpRelay> {
    const relay = new TcpRelay(target, 0);
    const port = await relay.listen(0);
    return Object.assign(relay, { port });
  }

  /** Refuses connections and ends the open ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections again, on the same port (nothing to do when it already does). */
  async restore(): Promise<void> {
    if (this.server) return;
    await this.listen(this.port);
  }

  private listen(port: number): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  }
}
