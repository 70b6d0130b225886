// Reads a JSON request body. Anything that is not a JSON object becomes a 400,
// never an exception escaping into the server.

import type { IncomingMessage } from 'node:http';
import { badJson, HttpError } from './reply';

const MAX_BODY_BYTES = 1024 * 1024;

export type JsonObject = Record<string, unknown>;

export async function readRaw(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, { error: 'Request body too large' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJsonObject(req: IncomingMessage): Promise<JsonObject> {
  const raw = await readRaw(req);
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badJson();
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badJson();
  }
  return parsed as JsonObject;
}
