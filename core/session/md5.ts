/**
 * MD5 (RFC 1321) of the UTF-8 bytes of a text, as lower-case hex. The sign-in protocol sends the password's
 * md5 and Web Crypto has none; this is the whole algorithm in about a kilobyte, where crypto-js's md5 with
 * its core is nearly seven, fetched by every sign-in page. Tested against the RFC's vectors and crypto-js.
 */

// Per-step left rotations, four per round.
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
// K[i] = floor(|sin(i + 1)| · 2^32): exact in double precision for all 64 steps.
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 0x100000000) | 0);

export default function md5(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const length = bytes.length;
  // The message, a 1 bit, zeros, and the bit length (64 bits, little-endian) fill whole 64-byte blocks.
  const words = new Int32Array((((length + 8) >>> 6) + 1) * 16);
  for (let i = 0; i < length; i++) words[i >> 2]! |= bytes[i]! << ((i % 4) * 8);
  words[length >> 2]! |= 0x80 << ((length % 4) * 8);
  words[words.length - 2] = (length * 8) | 0;
  words[words.length - 1] = Math.floor(length / 0x20000000);

  const state = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476];
  for (let block = 0; block < words.length; block += 16) {
    let [a, b, c, d] = state as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      let mixed: number;
      let word: number;
      if (round === 0) {
        mixed = (b & c) | (~b & d);
        word = i;
      } else if (round === 1) {
        mixed = (d & b) | (~d & c);
        word = (5 * i + 1) % 16;
      } else if (round === 2) {
        mixed = b ^ c ^ d;
        word = (3 * i + 5) % 16;
      } else {
        mixed = c ^ (b | ~d);
        word = (7 * i) % 16;
      }
      const sum = (a + mixed + K[i]! + words[block + word]!) | 0;
      const shift = SHIFTS[round * 4 + (i % 4)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    state[0] = (state[0]! + a) | 0;
    state[1] = (state[1]! + b) | 0;
    state[2] = (state[2]! + c) | 0;
    state[3] = (state[3]! + d) | 0;
  }

  let hex = '';
  for (const value of state) for (let i = 0; i < 4; i++) hex += ((value >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
  return hex;
}
