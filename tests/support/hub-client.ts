import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';

/** The official SignalR client, as the app uses it, against a server's hub. */
export async function connectHub(serverUrl: string, token: string): Promise<HubConnection> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${serverUrl}/hubs/alltrac`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  await connection.start();
  return connection;
}

/** Resolves with the arguments of the next `event` the connection receives, or rejects after `ms`. */
export function nextEvent(connection: HubConnection, event: string, ms = 2000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (...args: unknown[]) => {
      clearTimeout(timer);
      connection.off(event, handler);
      resolve(args);
    };
    connection.on(event, handler);
  });
}

/** Collects every `event` the connection receives, to check later that one did not arrive. */
export function recordEvents(connection: HubConnection, event: string): unknown[][] {
  const seen: unknown[][] = [];
  connection.on(event, (...args: unknown[]) => seen.push(args));
  return seen;
}
