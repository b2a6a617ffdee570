// RFC 6238 authenticator codes computed here with node:crypto, apart from the product's code, as an
// authenticator app computes them from the secret it was given (the `secret` of an otpauth:// URI).
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function fromBase32(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let at = 0; at + 8 <= bits.length; at += 8) bytes.push(Number.parseInt(bits.slice(at, at + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code of the 30-second step `stepsFromNow` away from the current one. */
export function totpCode(base32Secret: string, stepsFromNow = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepsFromNow));
  const mac = createHmac('sha1', fromBase32(base32Secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** The secret an otpauth:// URI carries. */
export const secretOf = (otpauthUri: string) => new URL(otpauthUri).searchParams.get('secret') ?? '';
