// The certificate authorities AppHost's requests trust: what VS Code trusts (the OS
// store when `http.systemCertificates` is on, NODE_EXTRA_CA_CERTS, Node's own roots),
// plus the PEM files of `apphost.tls.certificateAuthorities`. Read once, on the first
// https request (never while activating), then kept in one TLS context per set of files.
//
// The OS store: Node's own reader, `tls.getCACertificates('system')`, where the extension
// host's Node has it (22.15 and later: VS Code 1.101+, code-server): macOS keychains,
// the Windows store, and OpenSSL's files on Linux. Older Node (VS Code 1.90's 20.9) has
// no reader: on Linux and other Unix systems the `system-ca` package reads the same files
// (SSL_CERT_FILE/SSL_CERT_DIR, then the distributions' bundles); on macOS and Windows it
// would need native add-ons, which this extension does not ship, so there the OS store
// is skipped (the log says so) and the setting or NODE_EXTRA_CA_CERTS fill the gap.

import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import * as tls from 'node:tls';
import * as l10n from '@vscode/l10n';
import { CERTIFICATE_AUTHORITIES_SETTING } from './certificateProblems';
import { ConfigurationError } from './errors';

export interface TrustSettings {
  /** VS Code's `http.systemCertificates` (default true): trust the operating system's store. */
  systemCertificates: boolean;
  /** `apphost.tls.certificateAuthorities`: PEM files added to the roots. */
  files: readonly string[];
}

export interface TrustedRoots {
  /** Every root, PEM, without duplicates. */
  ca: string[];
  /** One TLS context holding them, shared by every connection of a client. */
  secureContext: tls.SecureContext;
  /** For the log: how many came from where. */
  description: string;
}

type Reader = (kind: 'system' | 'bundled' | 'extra') => string[];
/** Node ≥ 22.15 / 23.10. Typed here because the project's @types/node is older. */
const nodeReader = (tls as unknown as { getCACertificates?: Reader }).getCACertificates;

let systemRoots: Promise<{ certs: string[]; note: string }> | undefined;

/** The roots for these settings. The OS store is read once per process; the files at each call (a new client). */
export async function trustedRoots(settings: TrustSettings, env: NodeJS.ProcessEnv = process.env): Promise<TrustedRoots> {
  const bundled = nodeReader ? nodeReader('bundled') : [...tls.rootCertificates];
  const extra = await extraRoots(env);
  const system = settings.systemCertificates ? await (systemRoots ??= readSystemRoots(env)) : { certs: [], note: 'off (http.systemCertificates)' };
  const files = await Promise.all(settings.files.map((f) => readPemFile(f, env)));
  const ca = [...new Set([...bundled, ...extra, ...system.certs, ...files.flat()].map((pem) => pem.trim()))];
  const description = `${ca.length} certificate authorities: Node ${bundled.length}, NODE_EXTRA_CA_CERTS ${extra.length}, `
    + `operating system ${system.note}, apphost.tls.certificateAuthorities ${files.flat().length}`;
  return { ca, secureContext: tls.createSecureContext({ ca }), description };
}

/** NODE_EXTRA_CA_CERTS, which Node adds to its default roots: a `ca` of our own would otherwise drop it. */
async function extraRoots(env: NodeJS.ProcessEnv): Promise<string[]> {
  if (nodeReader && env === process.env) return nodeReader('extra');
  const file = env.NODE_EXTRA_CA_CERTS;
  if (!file) return [];
  // Node only warns when the file is unreadable; so do we (by trusting nothing more).
  return readFile(file, 'utf8').then(pemBlocks, () => []);
}

async function readSystemRoots(env: NodeJS.ProcessEnv): Promise<{ certs: string[]; note: string }> {
  try {
    if (nodeReader) {
      const certs = nodeReader('system');
      return { certs, note: `${certs.length} (Node's reader)` };
    }
    if (process.platform === 'win32' || process.platform === 'darwin') {
      return { certs: [], note: `not read (Node ${process.versions.node} cannot read the ${process.platform === 'win32' ? 'Windows' : 'macOS'} store; VS Code 1.101 or later can)` };
    }
    const { systemCertsAsync } = await import('system-ca');
    const certs = await systemCertsAsync({ env });
    return { certs, note: `${certs.length} (system-ca)` };
  } catch (error) {
    return { certs: [], note: `not read (${(error as Error).message})` };
  }
}

/** A file of the setting: every certificate in it, or a ConfigurationError saying what is wrong. */
async function readPemFile(path: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const resolved = expandHome(path.trim(), env);
  if (!isAbsolute(resolved)) {
    throw new ConfigurationError(l10n.t('The certificate file "{0}" in apphost.tls.certificateAuthorities is not an absolute path.', path), CERTIFICATE_AUTHORITIES_SETTING);
  }
  let text: string;
  try {
    text = await readFile(resolved, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT'
      ? l10n.t('The certificate file "{0}" in apphost.tls.certificateAuthorities does not exist.', path)
      : l10n.t('The certificate file "{0}" in apphost.tls.certificateAuthorities cannot be read ({1}).', path, code ?? (error as Error).message);
    throw new ConfigurationError(message, CERTIFICATE_AUTHORITIES_SETTING);
  }
  const blocks = pemBlocks(text);
  if (!blocks.length) {
    throw new ConfigurationError(l10n.t('The file "{0}" in apphost.tls.certificateAuthorities holds no certificate: it must be PEM ("-----BEGIN CERTIFICATE-----").', path), CERTIFICATE_AUTHORITIES_SETTING);
  }
  for (const pem of blocks) {
    try {
      tls.createSecureContext({ ca: pem });
    } catch (error) {
      throw new ConfigurationError(l10n.t('The file "{0}" in apphost.tls.certificateAuthorities holds a certificate that cannot be read ({1}).', path, (error as Error).message), CERTIFICATE_AUTHORITIES_SETTING);
    }
  }
  return blocks;
}

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export function pemBlocks(text: string): string[] {
  return text.match(PEM) ?? [];
}

function expandHome(path: string, env: NodeJS.ProcessEnv): string {
  if (path === '~' || path.startsWith('~/') || path.startsWith('~\\')) return join(env.HOME || env.USERPROFILE || homedir(), path.slice(1));
  return path;
}

/** Forgets the OS store read (tests that change it). */
export function forgetSystemRoots(): void {
  systemRoots = undefined;
}
