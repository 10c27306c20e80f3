import { activeStoreHeader, occurredAtHeader, withApiVersion } from '../contract/routes.ts';

export class NetworkError extends Error {}

/** An API answer that is not a success, with the server's words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** The active store, sent as ActiveStoreLocation; null for calls that are not store-scoped. */
  storeId: number | null;
  /** The current access token, or null when the user must sign in. */
  accessToken: () => string | null;
  fetch?: typeof fetch;
}

/** The worker's one way to the API: api-version, bearer token and active store on every call. */
export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  get storeId() {
    return this.options.storeId;
  }

  async request(
    method: string,
    path: string,
    init: { body?: unknown; idempotencyKey?: string; occurredAt?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.occurredAt) headers[occurredAtHeader] = init.occurredAt;
    if (this.options.storeId !== null) headers[activeStoreHeader] = String(this.options.storeId);
    const token = this.options.accessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}${withApiVersion(path)}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch (error) {
      throw new NetworkError((error as Error).message);
    }
    const text = await response.text().catch(() => '');
    return { status: response.status, body: parseBody(text) };
  }

  /** Reads bytes (a photo): the blob, or null when the server has none (404); other failures throw. */
  async getBytes(path: string): Promise<Blob | null> {
    const headers: Record<string, string> = {};
    if (this.options.storeId !== null) headers[activeStoreHeader] = String(this.options.storeId);
    const token = this.options.accessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}${withApiVersion(path)}`, { headers });
    } catch (error) {
      throw new NetworkError((error as Error).message);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new ApiError(response.status, `The server answered ${response.status}.`);
    return response.blob();
  }

  /** Sends bytes (a photo's piece) as application/octet-stream, with the given headers; answers status, body and headers. */
  async putBytes(path: string, upload: ByteUpload): Promise<ApiResponse & { headers: Headers }> {
    const headers: Record<string, string> = { ...upload.headers, 'content-type': 'application/octet-stream' };
    if (this.options.storeId !== null) headers[activeStoreHeader] = String(this.options.storeId);
    const token = this.options.accessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}${withApiVersion(path)}`, { method: 'PUT', headers, body: upload.bytes });
    } catch (error) {
      throw new NetworkError((error as Error).message);
    }
    const text = await response.text().catch(() => '');
    return { status: response.status, body: parseBody(text), headers: response.headers };
  }
}

export interface ByteUpload {
  bytes: ArrayBuffer;
  headers: Record<string, string>;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
