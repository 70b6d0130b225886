// Why a certificate check failed, and what the user can do about it, in words (pure).
// Node's TLS layer reports OpenSSL's verdict as an error code; git (curl) prints it as a
// sentence. Both become one of a few kinds, each with its own advice. The advice never
// suggests turning certificate checks off.

import * as l10n from '@vscode/l10n';
import { AppHostError, type RequestInfo } from './errors';

export type CertificateProblemKind =
  /** Signed by an authority this computer does not trust (a private CA, a TLS-inspecting proxy). */
  | 'unknownAuthority'
  /** The server's certificate signs itself. */
  | 'selfSigned'
  | 'expired'
  | 'notYetValid'
  /** The certificate is for other names than the host in the URL. */
  | 'hostMismatch'
  /** Revoked, a bad signature, a weak key…: the administrator has to look. */
  | 'other';

export interface CertificateProblem {
  kind: CertificateProblemKind;
  /** The host whose certificate failed (the service's, or the proxy's). */
  host: string;
  /** OpenSSL's or Node's code, or git's sentence: for the log and "Show Details". */
  reason: string;
  /** The names the certificate is for (hostMismatch), when known. */
  names?: string[];
  /** When the certificate expired (expired), when known. */
  validTo?: string;
  /** git only: the address git could not reach (`https://host:port`), for the fix's config key. */
  origin?: string;
}

/** OpenSSL's verification codes (Node's `error.code`) by kind. */
const CODES: Record<string, CertificateProblemKind> = {
  UNABLE_TO_GET_ISSUER_CERT: 'unknownAuthority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknownAuthority',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unknownAuthority',
  SELF_SIGNED_CERT_IN_CHAIN: 'unknownAuthority',
  CERT_UNTRUSTED: 'unknownAuthority',
  CERT_CHAIN_TOO_LONG: 'other',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'selfSigned',
  CERT_HAS_EXPIRED: 'expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'hostMismatch',
  HOSTNAME_MISMATCH: 'hostMismatch',
  CERT_NOT_YET_VALID: 'notYetValid',
  CERT_REVOKED: 'other',
  CERT_SIGNATURE_FAILURE: 'other',
  CERT_REJECTED: 'other',
  INVALID_CA: 'other',
  INVALID_PURPOSE: 'other',
  PATH_LENGTH_EXCEEDED: 'other',
  UNABLE_TO_DECRYPT_CERT_SIGNATURE: 'other',
  UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY: 'other',
  ERROR_IN_CERT_NOT_BEFORE_FIELD: 'other',
  ERROR_IN_CERT_NOT_AFTER_FIELD: 'other',
  EE_KEY_TOO_SMALL: 'other',
  CA_KEY_TOO_SMALL: 'other',
  CA_MD_TOO_WEAK: 'other',
};

interface TlsFailure {
  code?: unknown;
  cause?: unknown;
  /** ERR_TLS_CERT_ALTNAME_INVALID carries the peer's certificate and the host it was checked against. */
  cert?: { subjectaltname?: unknown; subject?: { CN?: unknown }; valid_to?: unknown };
  host?: unknown;
}

/**
 * The certificate problem behind a failed connection (looking through `cause` chains, as
 * undici and fetch wrap Node's error), or undefined when it was not a certificate check.
 */
export function certificateProblemOf(error: unknown, host: string): CertificateProblem | undefined {
  for (let cur = error as TlsFailure | undefined, depth = 0; cur && depth < 5; depth++, cur = cur.cause as TlsFailure | undefined) {
    const code = typeof cur.code === 'string' ? cur.code : undefined;
    const kind = code ? CODES[code] : undefined;
    if (!code || !kind) continue;
    const problem: CertificateProblem = { kind, host: typeof cur.host === 'string' && cur.host ? cur.host : host, reason: code };
    const names = namesOf(cur.cert);
    if (kind === 'hostMismatch' && names.length) problem.names = names;
    if (typeof cur.cert?.valid_to === 'string') problem.validTo = cur.cert.valid_to;
    return problem;
  }
  return undefined;
}

/** "DNS:a.example, IP Address:10.0.0.1" (and the subject's CN) → ["a.example", "10.0.0.1"]. */
function namesOf(cert: TlsFailure['cert']): string[] {
  const alt = typeof cert?.subjectaltname === 'string' ? cert.subjectaltname : '';
  const names = alt.split(/,\s*/).map((entry) => entry.replace(/^(DNS|IP Address):/i, '').trim()).filter(Boolean);
  const cn = cert?.subject?.CN;
  if (!names.length && typeof cn === 'string' && cn) names.push(cn);
  return [...new Set(names)];
}

/** git's (curl's, GnuTLS's) sentences for a failed certificate check, by kind. */
const GIT_SENTENCES: [CertificateProblemKind, RegExp][] = [
  ['expired', /certificate has expired|certificate expired|The certificate has expired/i],
  ['notYetValid', /certificate is not yet valid|certificate not yet valid/i],
  ['hostMismatch', /no alternative certificate subject name matches|subject name .* does not match target host|certificate subject name .* does not match|does not match target host ?name|hostname mismatch/i],
  ['selfSigned', /self[- ]signed certificate(?! in certificate chain)/i],
  ['unknownAuthority', /unable to get local issuer certificate|unable to get issuer certificate|self[- ]signed certificate in certificate chain|server certificate verification failed|certificate verify failed|unable to verify the first certificate|issuer is not trusted|not trusted|unknown (certificate )?authority/i],
  ['other', /SSL certificate problem|certificate revoked|schannel: .*certificate/i],
];

/** The certificate problem in one of git's lines, or undefined. */
export function gitCertificateProblem(line: string, host: string): CertificateProblem | undefined {
  const found = GIT_SENTENCES.find(([, pattern]) => pattern.test(line));
  if (!found) return undefined;
  // "unable to access 'https://host:8443/git/app/': …": git's http.<url>.* keys match the port exactly.
  const url = /unable to access '(https:\/\/[^/']+)/.exec(line)?.[1];
  return { kind: found[0], host: url ? new URL(url).hostname : host, reason: line.trim(), origin: url ?? `https://${host}` };
}

/**
 * What happened and what to do, for a request of AppHost's own (whose trust the setting
 * `apphost.tls.certificateAuthorities` and the OS store decide).
 */
export function certificateMessage(p: CertificateProblem): string {
  const settingName = CERTIFICATE_AUTHORITIES_SETTING;
  switch (p.kind) {
    case 'unknownAuthority':
      return l10n.t(
        'AppHost does not trust the certificate of {0}: it is signed by an authority this computer does not know (a private certificate authority, or a proxy that inspects TLS). Get the authority\'s certificate (a PEM file) from your administrator and add its path to the setting {1}, or install it in your operating system\'s trust store.',
        p.host, settingName,
      );
    case 'selfSigned':
      return l10n.t(
        'AppHost does not trust the certificate of {0}: it is self-signed. Get that certificate (a PEM file) from your administrator and add its path to the setting {1}, or install it in your operating system\'s trust store.',
        p.host, settingName,
      );
    case 'expired':
      return l10n.t(
        'The certificate of {0} has expired{1}. Its administrator must renew it. If it should still be valid, check this computer\'s date and time.',
        p.host, p.validTo ? ` (${l10n.t('on {0}', p.validTo)})` : '',
      );
    case 'notYetValid':
      return l10n.t('The certificate of {0} is not valid yet. Check this computer\'s date and time; if they are right, its administrator must fix the certificate.', p.host);
    case 'hostMismatch':
      return p.names?.length
        ? l10n.t(
            'The certificate of {0} is for another name ({1}). Use an address the certificate names in the service URL, or ask the administrator for a certificate that covers {0}.',
            p.host, p.names.slice(0, 4).join(', ') + (p.names.length > 4 ? ', …' : ''),
          )
        : l10n.t('The certificate of {0} is for another name. Use the address the certificate names in the service URL, or ask the administrator for a certificate that covers {0}.', p.host);
    case 'other':
      return l10n.t('The certificate of {0} was refused ({1}). Ask its administrator to check it.', p.host, p.reason);
  }
}

/** The short form for a tree row: what failed, the host, and the click. */
export function certificateSummary(p: CertificateProblem): string {
  switch (p.kind) {
    case 'unknownAuthority':
    case 'selfSigned':
      return l10n.t('{0}: certificate not trusted (unknown authority)', p.host);
    case 'expired':
      return l10n.t('{0}: certificate expired', p.host);
    case 'notYetValid':
      return l10n.t('{0}: certificate not valid yet (check the date and time)', p.host);
    case 'hostMismatch':
      return l10n.t('{0}: certificate is for another name', p.host);
    case 'other':
      return l10n.t('{0}: certificate refused ({1})', p.host, p.reason);
  }
}

/**
 * The same, for `git push` over https: git checks certificates itself (through its own
 * TLS library and the OS store), so AppHost's setting does not apply to it.
 */
export function gitCertificateMessage(p: CertificateProblem): string {
  switch (p.kind) {
    case 'unknownAuthority':
    case 'selfSigned':
      return l10n.t(
        'git does not trust the certificate of {0} ({1}). git checks certificates itself: install the authority\'s certificate in your operating system\'s trust store, or point git at it with "git config --global http.{2}/.sslCAInfo <path to the PEM file>", then deploy again.',
        p.host, p.reason, p.origin ?? `https://${p.host}`,
      );
    case 'expired':
      return l10n.t('git refused the certificate of {0}: it has expired ({1}). Its administrator must renew it; if it should still be valid, check this computer\'s date and time.', p.host, p.reason);
    case 'notYetValid':
      return l10n.t('git refused the certificate of {0}: it is not valid yet ({1}). Check this computer\'s date and time.', p.host, p.reason);
    case 'hostMismatch':
      return l10n.t('git refused the certificate of {0}: it is for another name ({1}). Check the git remote\'s address, or ask the administrator for a certificate that covers {0}.', p.host, p.reason);
    case 'other':
      return l10n.t('git refused the certificate of {0} ({1}). Ask its administrator to check it.', p.host, p.reason);
  }
}

/** The setting's id: what the Settings editor's search finds, in every language. */
export const CERTIFICATE_AUTHORITIES_SETTING = 'apphost.tls.certificateAuthorities';

/**
 * A certificate check failed (unknown authority, expired, another name): the request
 * never left. The message says which host, why, and how to fix it.
 */
export class CertificateError extends AppHostError {
  override readonly name = 'CertificateError';
  readonly problem: CertificateProblem;

  constructor(problem: CertificateProblem, info: RequestInfo, cause?: unknown) {
    super(certificateMessage(problem), info, cause);
    this.problem = problem;
  }

  /** The short form, for a tree row. */
  get summary(): string {
    return certificateSummary(this.problem);
  }
}
