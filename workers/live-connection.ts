import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection, type IRetryPolicy } from '@microsoft/signalr';
import { hubErrors, hubMethods, hubPath } from '../src/contract/hub.ts';

const reconnectDelayMs = (attempt: number, random: () => number = Math.random) => Math.round(Math.min(30_000, 500 * 2 ** attempt) * (0.5 + random() / 2));

/** Reconnect for as long as it takes (the client's default gives up after four tries), with jitter, at most 30 s apart. */
export const keepTryingPolicy = (random: () => number = Math.random): IRetryPolicy => ({
  nextRetryDelayInMilliseconds: ({ previousRetryCount }) => reconnectDelayMs(previousRetryCount, random),
});

export interface LiveConnectionOptions {
  serverUrl: string;
  production: boolean;
  /** Called for every event the hub sends, after the handlers registered with on(). */
  onAnyEvent?: (name: string, args: unknown[]) => void;
  onStateChange?: (state: 'connected' | 'reconnecting' | 'disconnected') => void;
  /** The connection ended with an error and will not come back by itself (the server closed it, saying why). */
  onServerClose?: (error: Error) => void;
  /** Where a failure not shown to the user goes (spec: reported at severity 3 and logged). */
  report?: (message: string, error: unknown, severity: number) => void;
  events: readonly string[];
}

/**
 * The live connection of spec section 4: started when an access token exists, restarted when the token
 * changes, stopped when it is empty; its store group follows the active store (leave the old one, join the
 * new one, join again after an automatic reconnect). Set up once per worker.
 */
export class LiveConnection {
  private options: LiveConnectionOptions | null = null;
  private connection: HubConnection | null = null;
  private token: string | null = null;
  private storeId: number | null = null;
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  private work: Promise<void> = Promise.resolve();

  setup(options: LiveConnectionOptions): void {
    if (this.options) {
      console.warn(hubErrors.setupTwice);
      return;
    }
    this.options = options;
  }

  get state(): HubConnectionState {
    return this.connection?.state ?? HubConnectionState.Disconnected;
  }

  /** Serialises token and store changes so they apply in the order they happened. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    this.work = this.work.then(step, step);
    return this.work;
  }

  setAccessToken(token: string | null): Promise<void> {
    return this.enqueue(async () => {
      if (token === this.token) return;
      this.token = token;
      await this.stopConnection();
      if (token) await this.startConnection();
    });
  }

  setStore(storeId: number | null): Promise<void> {
    return this.enqueue(async () => {
      const previous = this.storeId;
      this.storeId = storeId;
      const connection = this.connection;
      if (!connection || connection.state !== HubConnectionState.Connected || previous === storeId) return;
      if (previous !== null) {
        await connection.invoke(hubMethods.leaveStore, previous).catch((error: unknown) => this.report('Failed to leave the previous store group', error));
      }
      void this.joinStoreGroup(connection);
    });
  }

  /**
   * Joins the active store's group, trying again until it succeeds, the store changes or the connection
   * ends: one failed join must not leave the device deaf to its store. 'connected' is said only once joined
   * (the leader pulls then, for what it missed).
   */
  private async joinStoreGroup(connection: HubConnection): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const storeId = this.storeId;
      if (this.connection !== connection || connection.state !== HubConnectionState.Connected) return;
      if (storeId === null) {
        this.options?.onStateChange?.('connected');
        return;
      }
      try {
        await connection.invoke(hubMethods.joinStore, storeId);
        if (this.storeId !== storeId) {
          await connection.invoke(hubMethods.leaveStore, storeId).catch(() => undefined);
          continue;
        }
        this.options?.onStateChange?.('connected');
        return;
      } catch (error) {
        this.report('Failed to join the store group; trying again', error);
        this.options?.onStateChange?.('reconnecting');
        await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(attempt)));
      }
    }
  }

  async notifyOthersInGroup(group: string, name: string, arg: unknown): Promise<void> {
    if (!this.options || !this.connection) throw new Error(hubErrors.notifyBeforeSetup);
    await this.connection.invoke(hubMethods.notifyOthersInGroup, group, name, arg);
  }

  on(name: string, handler: (...args: unknown[]) => void): void {
    if (!this.options) throw new Error(hubErrors.registerBeforeSetup);
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler);
  }

  off(name: string, handler: (...args: unknown[]) => void): void {
    if (!this.options) throw new Error(hubErrors.unregisterBeforeSetup);
    this.handlers.get(name)?.delete(handler);
  }

  stop(): Promise<void> {
    return this.setAccessToken(null);
  }

  private report(message: string, error: unknown): void {
    this.options?.report?.(message, error, 3);
    console.error(message, error);
  }

  private async startConnection(): Promise<void> {
    const options = this.options;
    if (!options) throw new Error(hubErrors.notifyBeforeSetup);
    const connection = new HubConnectionBuilder()
      .withUrl(`${options.serverUrl}${hubPath}`, { accessTokenFactory: () => this.token ?? '', transport: HttpTransportType.WebSockets })
      .withAutomaticReconnect(keepTryingPolicy())
      .configureLogging(options.production ? LogLevel.Error : LogLevel.Information)
      .build();
    for (const name of options.events) {
      connection.on(name, (...args: unknown[]) => {
        for (const handler of this.handlers.get(name) ?? []) handler(...args);
        options.onAnyEvent?.(name, args);
      });
    }
    connection.onreconnecting(() => options.onStateChange?.('reconnecting'));
    // Groups are lost with the old connection: join again before saying the connection is back.
    connection.onreconnected(() => void this.joinStoreGroup(connection));
    connection.onclose((error) => {
      options.onStateChange?.('disconnected');
      if (error && this.connection === connection) options.onServerClose?.(error);
    });
    this.connection = connection;
    try {
      await connection.start();
    } catch (error) {
      // The first start is retried like a reconnect: the worker may start while offline.
      this.report('The live connection could not start; trying again', error);
      this.retryStart(connection);
      return;
    }
    void this.joinStoreGroup(connection);
  }

  private retryStart(connection: HubConnection, attempt = 0): void {
    setTimeout(() => {
      if (this.connection !== connection) return;
      connection.start().then(
        () => this.joinStoreGroup(connection),
        () => this.retryStart(connection, attempt + 1),
      );
    }, reconnectDelayMs(attempt));
  }

  private async stopConnection(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) await connection.stop();
  }
}
