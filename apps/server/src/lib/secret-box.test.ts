import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box.ts';

const PEM = '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBx…secret…\n-----END EC PRIVATE KEY-----\n';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, in the versioned v1 format, without the plaintext in it', () => {
    const sealed = box.seal(PEM, 'account-1');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('secret');
    expect(box.open(sealed, 'account-1')).toBe(PEM);
  });

  it('uses a fresh IV each time, so the same secret never seals the same way twice', () => {
    expect(box.seal(PEM, 'a')).not.toBe(box.seal(PEM, 'a'));
  });

  it('detects any tampering with the IV, the tag or the ciphertext', () => {
    const sealed = box.seal(PEM, 'account-1');
    const parts = sealed.split(':');
    for (const index of [1, 2, 3]) {
      const tampered = [...parts];
      const bytes = Buffer.from(tampered[index] ?? '', 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      tampered[index] = bytes.toString('base64url');
      expect(() => box.open(tampered.join(':'), 'account-1')).toThrow(SecretBoxError);
    }
  });

  it('refuses a wrong key, another context and unknown formats', () => {
    const sealed = box.seal(PEM, 'account-1');
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'account-1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'account-2')).toThrow(SecretBoxError);
    expect(() => box.open(sealed.replace(/^v1/, 'v2'), 'account-1')).toThrow(/unknown format/);
    expect(() => box.open('v1:abc', 'account-1')).toThrow(/unknown format/);
  });

  it('never says what the secret was when it fails', () => {
    const sealed = box.seal(PEM, 'account-1');
    try {
      createSecretBox(randomBytes(32)).open(sealed, 'account-1');
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('BEGIN');
      expect(error).toBeInstanceOf(SecretBoxError);
    }
  });

  it('only takes a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
