/**
 * The SignalR JSON hub protocol (version 1) as the official clients speak it: every message is a JSON text
 * ended by the record separator 0x1E, and one WebSocket frame may carry several messages or a part of one.
 */
export const recordSeparator = '\u001e';

export const MessageType = { Invocation: 1, StreamItem: 2, Completion: 3, StreamInvocation: 4, CancelInvocation: 5, Ping: 6, Close: 7 } as const;

export type HubMessage =
  | { type: 1; invocationId?: string; target: string; arguments: unknown[] }
  | { type: 3; invocationId: string; result?: unknown; error?: string }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean }
  | { type: 2 | 4 | 5; invocationId?: string };

export const frame = (message: object) => JSON.stringify(message) + recordSeparator;

/** The largest message a client may send (a hub call is a few hundred bytes). */
export const maxMessageBytes = 64 * 1024;

export class MessageTooLargeError extends Error {}

/**
 * Splits incoming text into whole messages, keeping an unfinished tail for the next frame. A tail that grows
 * past `maxMessageBytes` without its separator is refused: the buffer never grows without bound.
 */
export class MessageReader {
  private buffer = '';

  read(text: string): unknown[] {
    this.buffer += text;
    const parts = this.buffer.split(recordSeparator);
    this.buffer = parts.pop() ?? '';
    if (this.buffer.length > maxMessageBytes || parts.some((p) => p.length > maxMessageBytes)) {
      throw new MessageTooLargeError(`A message may be at most ${maxMessageBytes} bytes.`);
    }
    return parts.filter((p) => p.length > 0).map((p) => JSON.parse(p) as unknown);
  }
}

/** A message is an object with a numeric type; anything else is a protocol error. */
export function isHubMessage(value: unknown): value is HubMessage {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'number';
}
