// Device sign-in (RFC 8628 style): the client gets a user code, a person approves
// it on the server's /device page (or a test calls control.approveDevice), and the
// client's polling then receives a token.

import { randomBytes, randomInt } from 'node:crypto';
import type { Store } from './store';
import type { DeviceAuthorization } from './types';

// No vowels and no look-alikes, so codes never spell words or get misread.
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

export function normalizeUserCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z]/g, '');
}

export function formatUserCode(code: string): string {
  const c = normalizeUserCode(code);
  return `${c.slice(0, 4)}-${c.slice(4)}`;
}

export function createDeviceAuthorization(store: Store, clientName: string, intervalSec: number, expiresSec: number): DeviceAuthorization {
  const generate = (): string => Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('');
  let userCode = generate();
  while (findByUserCode(store, userCode)) userCode = generate();
  const auth: DeviceAuthorization = {
    deviceCode: randomBytes(32).toString('hex'),
    userCode,
    clientName,
    status: 'pending',
    userId: null,
    expiresAt: Date.now() + expiresSec * 1000,
    intervalSec,
    lastPollAt: null,
  };
  store.devices.set(auth.deviceCode, auth);
  return auth;
}

export function findByUserCode(store: Store, userCode: string): DeviceAuthorization | undefined {
  const wanted = normalizeUserCode(userCode);
  return [...store.devices.values()].find((d) => d.userCode === wanted);
}

export type DecisionResult = 'ok' | 'unknown' | 'expired' | 'already_used';

function decide(store: Store, userCode: string, apply: (d: DeviceAuthorization) => void): DecisionResult {
  const auth = findByUserCode(store, userCode);
  if (!auth) return 'unknown';
  if (Date.now() >= auth.expiresAt) return 'expired';
  if (auth.status !== 'pending') return 'already_used';
  apply(auth);
  return 'ok';
}

export function approveDevice(store: Store, userCode: string, userId: string): DecisionResult {
  return decide(store, userCode, (d) => {
    d.status = 'approved';
    d.userId = userId;
  });
}

export function denyDevice(store: Store, userCode: string): DecisionResult {
  return decide(store, userCode, (d) => {
    d.status = 'denied';
  });
}
