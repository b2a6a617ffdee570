// A software passkey for the API tests: what a browser and its authenticator send Better Auth's
// passkey plugin (a "none" attestation, ES256 signatures), made with node:crypto. The end-to-end
// tests use Chromium's virtual authenticator instead (e2e/passkeys.spec.ts).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();
const base64url = (data: Buffer) => data.toString('base64url');

/** Just the CBOR a registration holds: small integers, byte and text strings, maps. */
type Cbor = number | string | Buffer | Map<number | string, Cbor>;

function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    throw new Error('too long for this encoder');
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts: Uint8Array[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftPasskey {
  /** base64url, as the browser sends it and the plugin stores it. */
  credentialId: string;
  privateKey: KeyObject;
  /** The COSE key, as the plugin stores it (standard base64). */
  publicKey: string;
  userHandle: string;
  counter: number;
}

interface RegistrationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

interface AuthenticationOptions {
  challenge: string;
  rpId?: string;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** A new passkey for these registration options, and the answer the browser sends for it. */
export function registerSoftPasskey(options: RegistrationOptions, origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const id = randomBytes(32);
  const length = Buffer.from([id.length >> 8, id.length & 0xff]);
  const authData = Buffer.concat([sha256(options.rp.id), Buffer.from([UP | UV | AT]), Buffer.alloc(4), Buffer.alloc(16), length, id, cose]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const passkey: SoftPasskey = {
    credentialId: base64url(id),
    privateKey,
    publicKey: cose.toString('base64'),
    userHandle: options.user.id,
    counter: 0,
  };
  const response = {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: base64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: base64url(attestationObject),
      transports: ['internal'],
    },
  };
  return { passkey, response };
}

/** The browser's answer to a sign-in's challenge, signed with this passkey; `userVerified: false` as a security key without a PIN. */
export function assertSoftPasskey(passkey: SoftPasskey, options: AuthenticationOptions, origin: string, { userVerified = true } = {}) {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authenticatorData = Buffer.concat([
    sha256(options.rpId ?? new URL(origin).hostname),
    Buffer.from([userVerified ? UP | UV : UP]),
    counter,
  ]);
  const data = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(data)]), passkey.privateKey);
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: base64url(data),
      authenticatorData: base64url(authenticatorData),
      signature: base64url(signature),
      userHandle: passkey.userHandle,
    },
  };
}
