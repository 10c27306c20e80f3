import WebSocket from 'ws';

const separator = '\u001e';

/** negotiate, as a client does before opening the socket: the connection token to open it with. */
export async function negotiate(serverUrl: string, token: string): Promise<{ connectionId: string; connectionToken: string }> {
  const response = await fetch(`${serverUrl}/hubs/alltrac/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`negotiate answered ${response.status}`);
  return response.json() as Promise<{ connectionId: string; connectionToken: string }>;
}

/** A raw socket to the hub, speaking (or misspeaking) the protocol by hand, as an attacker would. */
export class RawHubSocket {
  readonly received: string[] = [];
  closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.received.push(data.toString()));
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens the socket with `id` (a connection token, or anything a test chooses); rejects with the HTTP status when refused. */
  static open(serverUrl: string, token: string, id: string): Promise<RawHubSocket> {
    const url = `${serverUrl.replace(/^http/, 'ws')}/hubs/alltrac?id=${encodeURIComponent(id)}`;
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawHubSocket(socket)));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  static async connect(serverUrl: string, token: string): Promise<RawHubSocket> {
    const { connectionToken } = await negotiate(serverUrl, token);
    const hub = await RawHubSocket.open(serverUrl, token, connectionToken);
    hub.send({ protocol: 'json', version: 1 });
    await hub.next();
    return hub;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message) + separator);
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** Invokes a hub method and resolves with its completion message. */
  async invoke(target: string, ...args: unknown[]): Promise<{ result?: unknown; error?: string }> {
    const invocationId = String(Math.random()).slice(2);
    const start = this.received.length;
    this.send({ type: 1, invocationId, target, arguments: args });
    for (;;) {
      const found = this.received
        .slice(start)
        .join('')
        .split(separator)
        .filter(Boolean)
        .map((m) => JSON.parse(m) as { type: number; invocationId?: string })
        .find((m) => m.type === 3 && m.invocationId === invocationId);
      if (found) return found as { result?: unknown; error?: string };
      await this.next();
    }
  }

  /** Waits for the next frame from the server. */
  next(ms = 3000): Promise<string> {
    const count = this.received.length;
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (this.received.length > count) return resolve(this.received[count]!);
        if (Date.now() - started > ms) return reject(new Error('no frame from the server'));
        setTimeout(check, 10);
      };
      check();
    });
  }

  /** Every invocation (server push) received, by target. */
  events(target: string): unknown[][] {
    return this.received
      .join('')
      .split(separator)
      .filter(Boolean)
      .map((m) => JSON.parse(m) as { type: number; target?: string; arguments?: unknown[] })
      .filter((m) => m.type === 1 && m.target === target)
      .map((m) => m.arguments ?? []);
  }

  close(): void {
    this.socket.close();
  }
}
