// The y-websocket framing, read and written by hand (lib0's encoding is no dependency of ours):
// a message is varUint(type) then, per type, a varUint sub-type and a varUint8Array payload.
// Every read is bounded by the message: a length past its end is a malformed message.

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;
export const SYNC_STEP1 = 0;
export const SYNC_STEP2 = 1;
export const SYNC_UPDATE = 2;

export class Malformed extends Error {}

export class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** A varUint of at most 7 bytes (53 bits, a safe integer). */
  uint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 7; i++) {
      if (this.pos >= this.bytes.length) throw new Malformed("the message ends inside a number");
      const byte = this.bytes[this.pos++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    throw new Malformed("a number longer than 7 bytes");
  }

  /** A varUint8Array: its length, then that many bytes (a view, not a copy). */
  bytesField(): Uint8Array {
    const length = this.uint();
    if (length > this.bytes.length - this.pos) throw new Malformed("a field runs past the message");
    const view = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return view;
  }

  get done(): boolean {
    return this.pos === this.bytes.length;
  }
}

function uintBytes(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

/** A message of the given type/sub-type numbers, then one varUint8Array payload. */
export function message(head: number[], payload: Uint8Array): Uint8Array {
  const prefix = [...head.flatMap(uintBytes), ...uintBytes(payload.length)];
  const out = new Uint8Array(prefix.length + payload.length);
  out.set(prefix);
  out.set(payload, prefix.length);
  return out;
}
