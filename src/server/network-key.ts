import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-client limit counts under (issue 18): an IPv4 address as it is, an IPv6 address by
 * its /64. One home or server is given a whole /64, so keying on the full address would hand one
 * attacker 2^64 fresh clients.
 */
export function networkKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::1.2.3.4) sits in the last 32 bits, never in the /64.
  const missing = 8 - left.length - right.length - (right.at(-1)?.includes(".") ? -1 : 0);
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, missing)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}
