// Reads an error response in any of the shapes the contract lists:
//   {"error":"..."}                     {"errors":["...", ...]}  (or Rails {"errors":{"name":["..."]}})
//   {"message":"..."}                   {"error":{"message":"...","code":"..."}}
//   {"error":"...","error_code":"...","hint":"...","retryable":true}
//   plain text, HTML (framework error pages) or an empty body.

import * as l10n from '@vscode/l10n';
import { parseJsonBounded } from './bodyLimits';
import { defaultMessage } from './errors';

export interface ParsedErrorBody {
  message: string;
  messages: string[];
  code?: string;
  hint?: string;
  /** Only when the body says so explicitly. */
  retryable?: boolean;
}

const MAX_MESSAGE = 300;
/** A long list of errors (a 422 with dozens of lines) shows this many; the rest are in `messages`. */
export const SHOWN_MESSAGES = 3;

export function parseErrorBody(status: number, contentType: string | undefined, text: string): ParsedErrorBody {
  const trimmed = text.trim();
  const json = tryJson(trimmed);
  if (json !== undefined) return finish(status, fromJson(json));
  if (!trimmed || looksLikeHtml(contentType, trimmed)) {
    // Framework error pages say nothing useful; a status-based message reads better.
    return finish(status, { messages: [] });
  }
  return finish(status, { messages: [trimmed] });
}

/**
 * wokku passes Dokku's failures on as "Dokku command failed: <command line>\n<stderr>":
 * the command line says nothing to the user and can hold the values sent (config
 * values included), so only Dokku's own words are kept (" !     " markers dropped).
 */
function platformWords(message: string): string {
  const m = /^Dokku command failed: [^\n]*\n([\s\S]*)$/.exec(message.trim());
  if (!m) return message;
  const words = m[1].split('\n').map((l) => l.replace(/^\s*!\s*/, '').trim()).filter(Boolean).join(' ');
  return words || message.split('\n')[0];
}

function finish(status: number, p: Omit<ParsedErrorBody, 'message'>): ParsedErrorBody {
  const messages = p.messages.map((m) => platformWords(m).trim()).filter(Boolean);
  const message = messages.length ? summarizeMessages(messages) : defaultMessage(status);
  return { ...p, messages: messages.length ? messages : [message], message };
}

/**
 * What a notification shows of a list of errors (a 422 can carry thousands): the first
 * few, one line, bounded, and "(and N more)". The full list stays in `messages`.
 */
export function summarizeMessages(messages: readonly string[]): string {
  const more = messages.length - SHOWN_MESSAGES;
  const shown = shorten(messages.slice(0, SHOWN_MESSAGES).join('; '));
  return more > 0 ? l10n.t('{0} (and {1} more)', shown, more) : shown;
}

function fromJson(body: unknown): Omit<ParsedErrorBody, 'message'> {
  if (typeof body === 'string') return { messages: [body] };
  if (Array.isArray(body)) return { messages: body.flatMap(messageOf) };
  if (!isRecord(body)) return { messages: [] };

  const messages: string[] = [];
  let code = stringOf(body.error_code) ?? stringOf(body.code);
  const err = body.error;
  if (typeof err === 'string') messages.push(err);
  else if (isRecord(err)) {
    messages.push(...messageOf(err));
    code ??= stringOf(err.code);
  }
  if (body.errors !== undefined) messages.push(...errorsList(body.errors));
  if (!messages.length) {
    const m = stringOf(body.message) ?? stringOf(body.detail) ?? stringOf(body.title);
    if (m) messages.push(m);
  }
  return {
    messages,
    code,
    hint: stringOf(body.hint),
    retryable: typeof body.retryable === 'boolean' ? body.retryable : undefined,
  };
}

/** `["a","b"]`, `[{"message":"a"}]` or Rails' `{"name":["can't be blank"]}`. */
function errorsList(errors: unknown): string[] {
  if (Array.isArray(errors)) return errors.flatMap(messageOf);
  if (typeof errors === 'string') return [errors];
  if (isRecord(errors)) {
    return Object.entries(errors).flatMap(([field, v]) =>
      (Array.isArray(v) ? v : [v]).flatMap(messageOf).map((m) => (field === 'base' ? m : `${humanize(field)} ${m}`)),
    );
  }
  return [];
}

function messageOf(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (typeof v === 'number' || typeof v === 'boolean') return [String(v)];
  if (isRecord(v)) {
    const m = stringOf(v.message) ?? stringOf(v.error) ?? stringOf(v.detail);
    return m ? [m] : [];
  }
  return [];
}

function humanize(field: string): string {
  const s = field.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function tryJson(text: string): unknown {
  if (!text || !/^[[{"]/.test(text)) return undefined;
  try {
    return parseJsonBounded(text);
  } catch {
    return undefined;
  }
}

function looksLikeHtml(contentType: string | undefined, text: string): boolean {
  return /html/i.test(contentType ?? '') || /^<(!doctype|html|head|body|\?xml)/i.test(text);
}

function shorten(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > MAX_MESSAGE ? `${one.slice(0, MAX_MESSAGE - 1)}…` : one;
}

function stringOf(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
