import crypto from 'node:crypto';

/**
 * What a browser does with a Web Push message, for tests: a subscription key pair (P-256 + auth secret)
 * and RFC 8291/8188 aes128gcm decryption of the body a push service receives; plus VAPID JWT checks (RFC 8292).
 */
export function createPushClient() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey(); // 65 bytes, uncompressed
  const authSecret = crypto.randomBytes(16);
  const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },

    /** Decrypts an aes128gcm body (one record) into the plaintext the service worker would get. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLen = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLen);
      const cipherText = body.subarray(21 + idLen);
      const shared = ecdh.computeSecret(serverKey);
      const prkKey = hmac(authSecret, shared);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey, Buffer.from([1])]);
      const ikm = hmac(prkKey, keyInfo);
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([
        decipher.update(cipherText.subarray(0, cipherText.length - 16)),
        decipher.final(),
      ]);
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('no last-record padding delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks an `Authorization: vapid t=<jwt>, k=<key>` header: returns the key and the JWT claims after
 * verifying the ES256 signature with that key.
 */
export function verifyVapidAuthorization(header: string | undefined) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a vapid Authorization header: ${header}`);
  const [, jwt, k] = m;
  const [h, p, s] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  return {
    publicKey: k,
    valid,
    header: JSON.parse(Buffer.from(h, 'base64url').toString()) as { typ: string; alg: string },
    claims: JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string },
  };
}
