import { isIPv4, isIPv6 } from "node:net";

/**
 * The key every per-address limit counts on (docs/decisions/0024-mail-abuse-limits.md): an IPv4
 * address is itself; an IPv6 address is its /64, written as the network's address
 * (`2001:db8:1:2::`), because one home, phone or server is handed a whole /64 and can send from
 * any of its 2^64 addresses. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4.
 * Anything else (a test's made-up address, a Unix socket) is used as it is.
 */
export function clientKey(ip: string): string {
  const address = ip.split("%")[0]!.toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const groups = expand(address);
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::`;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail becomes two groups). */
function expand(address: string): string[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
}
